import type { FastifyReply } from 'fastify';
import { HttpError } from '../../plugins/errors.ts';
import { API_SECURITY_HEADERS } from '../../plugins/security-headers.ts';

/**
 * What the live discussions' streams (live-streams.ts) and the live view of an exam (exam-live-streams.ts)
 * share: the reply turned into an event stream, the per-user and per-process caps, and the owner checked
 * again at each heartbeat.
 */

/**
 * An event encoded once for many streams: its UTF-8 bytes, and the same bytes framed as one HTTP/1.1 chunk
 * (size line, bytes, CRLF), which a chunked stream hands its socket as is.
 */
export interface SharedEvent {
  bytes: Buffer;
  chunk: Buffer;
}

const CRLF = Buffer.from('\r\n', 'latin1');

export function sharedEvent(text: string): SharedEvent {
  const bytes = Buffer.from(text, 'utf8');
  return {
    bytes,
    chunk: Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`, 'latin1'), bytes, CRLF]),
  };
}

/** One open event stream, as a hub sees it: write text (or an event encoded once for many), or end it. */
export interface StreamSink {
  write(text: string | SharedEvent): void;
  /** Bytes written but not yet sent to the client. */
  buffered(): number;
  end(): void;
  onClose(handler: () => void): void;
}

/** Who holds a stream, and how to ask again whether they still may (signed in, and allowed to see it). */
export interface StreamOwner {
  userId: number;
  stillAllowed: () => Promise<boolean>;
}

/** Takes the reply over as a server-sent-event stream: no JSON serialiser, no compression buffering events. */
export function eventStreamSink(reply: FastifyReply): StreamSink {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...API_SECURITY_HEADERS,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Proxies such as nginx would otherwise hold events back in their buffer.
    'x-accel-buffering': 'no',
  });
  res.flushHeaders();
  return {
    // A stream ended (shutdown, a slow reader dropped) may still get an event before its 'close'.
    write: (text) => {
      if (res.writableEnded || res.destroyed) return;
      if (typeof text === 'string') res.write(text);
      // The headers are out and the body is chunked: the chunk, framed once for every stream, goes to the
      // socket in one write, now. Through res.write each stream would frame it again (four pieces), cork its
      // socket and send it a tick later, after whatever else this tick does. The socket's own buffer keeps
      // it in order with anything res.write queued before it; res.end() still writes the last chunk.
      else if (res.chunkedEncoding && res.headersSent && res.socket && !res.socket.destroyed)
        res.socket.write(text.chunk);
      else res.write(text.bytes);
    },
    buffered: () => res.writableLength,
    end: () => {
      if (!res.writableEnded) res.end();
    },
    // A client gone while access was checked: its 'close' has passed already, and would never come.
    onClose: (handler) => {
      if (res.destroyed || res.socket === null || res.socket.destroyed) queueMicrotask(handler);
      else res.once('close', handler);
    },
  };
}

/**
 * Streams open or opening on this process, per user and in all. `admit` counts one more for the user or
 * refuses it (429 for the user's own cap, 503 for the process's), naming the kind of stream (`live
 * discussions`, `live views`); the function it returns uncounts it, once.
 */
export function createStreamAdmission(limits: {
  streamsPerUser: number;
  streamsPerProcess: number;
  /** Plural, as a person says it: "live discussions". */
  kind: string;
  /** What opening one more does: "follow this one". */
  verb: string;
}) {
  const perUser = new Map<number, number>();
  let total = 0;
  return function admit(userId: number): () => void {
    const mine = perUser.get(userId) ?? 0;
    if (mine >= limits.streamsPerUser)
      throw new HttpError(
        429,
        `You have ${limits.streamsPerUser} ${limits.kind} open already. Close one (in another tab or on another device) to ${limits.verb}.`,
        undefined,
        { 'retry-after': '30' },
      );
    if (total >= limits.streamsPerProcess)
      throw new HttpError(
        503,
        `Too many people are following ${limits.kind} right now. Please try again shortly.`,
        undefined,
        { 'retry-after': '10' },
      );
    perUser.set(userId, mine + 1);
    total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      total--;
      const left = (perUser.get(userId) ?? 1) - 1;
      if (left > 0) perUser.set(userId, left);
      else perUser.delete(userId);
    };
  };
}

/**
 * Ends the stream if its owner may no longer have it. No end event: the client reconnects, and is told 401 or
 * 404 then, as any request would be. A failed check (the database away) keeps the stream; one check at a time.
 */
export function recheckOwner(
  conn: { sink: StreamSink; owner: StreamOwner; checking: boolean },
  warn: (err: unknown, msg: string) => void,
  what: string,
): void {
  if (conn.checking) return;
  conn.checking = true;
  conn.owner.stillAllowed().then(
    (allowed) => {
      conn.checking = false;
      if (!allowed) conn.sink.end();
    },
    (err: unknown) => {
      conn.checking = false;
      warn(err, `${what}: checking a stream’s owner again failed`);
    },
  );
}
