import { connect, type AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventStreamSink, sharedEvent } from '../../src/server/features/live/stream-kit.ts';

// An event stream's writes, shared events (framed once, handed to the socket) mixed with plain text, reach a
// client whole and in order: over HTTP/1.1 (chunked) and HTTP/1.0 (no chunks: the body ends with the
// connection).
describe('eventStreamSink', () => {
  let app: FastifyInstance;
  let port: number;
  const parts = ['retry: 3000\n\n', 'id: 1\ndata: {"body":"été ✓"}\n\n', ': ping\n\n', 'id: 2\ndata: {}\n\n'];

  beforeAll(async () => {
    app = Fastify();
    app.get('/s', (_request, reply) => {
      const sink = eventStreamSink(reply);
      sink.write(parts[0]!);
      sink.write(sharedEvent(parts[1]!));
      sink.write(parts[2]!);
      sink.write(sharedEvent(parts[3]!));
      // After the end, a shared event goes nowhere (no write after end).
      setTimeout(() => {
        sink.end();
        sink.write(sharedEvent('id: 3\ndata: {}\n\n'));
      }, 20);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  it('sends them chunked, in order, over HTTP/1.1', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/s`);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    expect(await res.text()).toBe(parts.join(''));
  });

  it('sends the same bytes unchunked to an HTTP/1.0 client', async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('GET /s HTTP/1.0\r\nHost: x\r\n\r\n'));
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.on('error', reject);
    });
    const [head, body] = [raw.slice(0, raw.indexOf('\r\n\r\n')), raw.slice(raw.indexOf('\r\n\r\n') + 4)];
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    expect(head.toLowerCase()).not.toContain('transfer-encoding');
    expect(body).toBe(parts.join(''));
  });
});
