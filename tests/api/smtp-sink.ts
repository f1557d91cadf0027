import { createServer, type AddressInfo, type Socket } from 'node:net';

export interface SinkMail {
  /** The message as received, quoted-printable soft breaks and escapes undone. */
  text: string;
}

/**
 * A tiny SMTP server on 127.0.0.1 that accepts every mail and answers the end of each message only after
 * `delayMs`, like a slow real mail server. Enough of the protocol for nodemailer without TLS.
 */
export async function startSmtpSink(delayMs: number) {
  const mails: SinkMail[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setEncoding('utf8');
    let buffer = '';
    let data: string[] | null = null;
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line !== '.') {
            data.push(line.startsWith('..') ? line.slice(1) : line);
            continue;
          }
          mails.push({ text: decodeQuotedPrintable(data.join('\n')) });
          data = null;
          setTimeout(() => socket.writable && socket.write('250 queued\r\n'), delayMs);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'DATA') {
          data = [];
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else if (['EHLO', 'HELO', 'MAIL', 'RCPT', 'RSET', 'NOOP'].includes(verb)) socket.write('250 ok\r\n');
        else socket.write('502 not implemented\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
