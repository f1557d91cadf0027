import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger } from '../../src/server/plugins/lazy-logger.ts';

function capture(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level }, stream), lines };
}

describe('the request logger made on its first line (lazy-logger.ts)', () => {
  it('names the request on every line it writes, as pino’s child does', () => {
    const { logger, lines } = capture('info');
    const log = lazyChildLogger(logger, { reqId: 'req-7' }, {});
    log.info({ code: 'X' }, 'refused by the router');
    log.warn('slow');
    log.debug('not written at info');
    expect(lines.map((l) => [l.reqId, l.msg, l.level])).toEqual([
      ['req-7', 'refused by the router', 30],
      ['req-7', 'slow', 40],
    ]);
    expect(lines[0]!.code).toBe('X');
  });

  it('writes an error with its stack, and a child of it keeps both bindings', () => {
    const { logger, lines } = capture('warn');
    const log = lazyChildLogger(logger, { reqId: 'req-8' }, {});
    log.error({ err: new Error('boom') }, 'request failed');
    log.child({ part: 'upload' }).warn('cut short');
    expect(lines[0]).toMatchObject({ reqId: 'req-8', msg: 'request failed', err: { message: 'boom' } });
    expect(lines[1]).toMatchObject({ reqId: 'req-8', part: 'upload', msg: 'cut short' });
  });

  it('takes a level of its own, and a route’s options give pino’s child at once', () => {
    const { logger, lines } = capture('warn');
    const log = lazyChildLogger(logger, { reqId: 'req-9' }, {});
    expect(log.level).toBe('warn');
    log.level = 'debug';
    log.debug('now written');
    expect(logger.level).toBe('warn');
    const routeLog = lazyChildLogger(logger, { reqId: 'req-10' }, { level: 'error' });
    routeLog.warn('not written');
    expect(lines.map((l) => [l.reqId, l.msg])).toEqual([['req-9', 'now written']]);
  });

  it('serves Fastify: a request’s error line carries its request id', async () => {
    const { logger, lines } = capture('info');
    const app = Fastify({ loggerInstance: logger, childLoggerFactory: lazyChildLogger });
    app.get('/fails', async () => {
      throw new Error('broken');
    });
    const res = await app.inject({ method: 'GET', url: '/fails' });
    expect(res.statusCode).toBe(500);
    const line = lines.find((l) => l.level === 50);
    // Fastify's own request lines are made by the same logger, with the same id.
    expect(line).toMatchObject({ reqId: expect.any(String), err: { message: 'broken' } });
    expect(lines.filter((l) => l.reqId === line!.reqId).map((l) => l.msg)).toEqual([
      'incoming request',
      'broken',
      'request completed',
    ]);
    await app.close();
  });
});
