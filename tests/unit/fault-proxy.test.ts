// @vitest-environment node
// The classroom bench's bad Wi-Fi (bench/fault-proxy.ts) must do what the bench's figures claim it did:
// delay without reordering, lose a reply only after the server acted, hold everything in dead air and let
// it through after, and cut and refuse connections in a reset.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy, type FaultProxyOptions } from '../../bench/fault-proxy.ts';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function listening(server: net.Server | http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return (server.address() as AddressInfo).port;
}

async function proxyTo(port: number, options: Partial<FaultProxyOptions> = {}): Promise<FaultProxy> {
  const proxy = await startFaultProxy({
    target: { host: '127.0.0.1', port },
    seed: 7,
    latencyMs: [0, 0],
    dropReplyShare: 0,
    outages: null,
    ...options,
  });
  closers.push(() => proxy.close());
  return proxy;
}

/** A server that counts the requests it handled and answers each with "ok". */
async function countingServer(): Promise<{ port: number; handled: () => number }> {
  let handled = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      handled += 1;
      res.end('ok');
    });
  });
  return { port: await listening(server), handled: () => handled };
}

/** One GET on a connection of its own: the body, or the error's code. */
function get(port: number): Promise<{ body?: string; error?: string }> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ body }));
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the fault proxy', () => {
  it('delays each chunk by 40–400 ms and keeps both directions in order', async () => {
    const COUNT = 60;
    // Echoes every chunk back, so the reply direction carries the same sequence.
    const echo = net.createServer((socket) => socket.pipe(socket));
    const proxy = await proxyTo(await listening(echo), { latencyMs: [40, 400] });
    const socket = net.connect(proxy.port, '127.0.0.1');
    closers.push(async () => void socket.destroy());
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    const sent = Array.from({ length: COUNT }, (_, i) => `<${i}>`);
    const firstSent = Date.now();
    let firstBack = 0;
    socket.once('data', () => (firstBack = Date.now()));
    for (const piece of sent) {
      socket.write(piece);
      // Separate chunks, each with its own random latency: without the ordering, later ones would overtake.
      await sleep(3);
    }
    while (received.length < sent.join('').length) await sleep(20);
    expect(received).toBe(sent.join(''));
    // There and back: two latencies of at least 40 ms each.
    expect(firstBack - firstSent).toBeGreaterThanOrEqual(80);
    expect(proxy.counts().chunks).toBeGreaterThanOrEqual(COUNT);
  });

  it('loses a reply after the server handled the request, and cuts the client off', async () => {
    const server = await countingServer();
    const proxy = await proxyTo(server.port, { dropReplyShare: 1 });
    const answer = await get(proxy.port);
    expect(answer.body).toBeUndefined();
    expect(answer.error).toMatch(/ECONNRESET|socket hang up/);
    expect(server.handled()).toBe(1);
    expect(proxy.counts().repliesDropped).toBe(1);
  });

  it('holds everything in dead air, then lets it through', async () => {
    const server = await countingServer();
    const proxy = await proxyTo(server.port);
    const over = proxy.outage('dead_air', 600);
    const answer = get(proxy.port);
    await sleep(400);
    // Connected, but nothing has reached the server yet.
    expect(server.handled()).toBe(0);
    await over;
    expect(await answer).toEqual({ body: 'ok' });
    expect(server.handled()).toBe(1);
    expect(proxy.counts().deadAirs).toBe(1);
  });

  it('cuts open connections in a reset and refuses new ones until it is over', async () => {
    const server = await countingServer();
    const proxy = await proxyTo(server.port);
    const open = net.connect(proxy.port, '127.0.0.1');
    await new Promise((resolve) => open.once('connect', resolve));
    const ended = new Promise<string>((resolve) => {
      open.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      open.once('close', () => resolve('closed'));
    });
    const over = proxy.outage('reset', 500);
    expect(await ended).toMatch(/ECONNRESET|closed/);
    expect(await get(proxy.port)).toEqual({ error: 'ECONNREFUSED' });
    await over;
    expect(await get(proxy.port)).toEqual({ body: 'ok' });
    expect(proxy.counts()).toMatchObject({ resets: 1, connectionsCut: 1 });
  });
});
