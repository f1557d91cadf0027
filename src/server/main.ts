import cluster, { type Worker } from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { configFromEnv, type AppConfig } from './config.ts';
import { sqliteFileOf } from './db/database.ts';
import { serveWriteTurnsToWorkers, WRITE_TURN_ENV } from './db/write-turn.ts';
import { relayBusBetweenWorkers } from './plugins/event-bus.ts';

const config = configFromEnv();

if (config.workers > 1 && cluster.isPrimary) superviseWorkers(config.workers);
else await serve(config);

/**
 * One server process: listen, and stop gracefully on SIGTERM/SIGINT: readiness turns 503 at once and every
 * answer closes its connection (clients move to another host); after DRAIN_DELAY_MS the server stops
 * accepting, ends the live event streams with a reconnect hint, finishes the requests it has, settles the
 * saves waiting for a shared commit, closes the database and exits 0 — or 1 past DRAIN_TIMEOUT_MS.
 */
async function serve(config: AppConfig): Promise<void> {
  const { buildApp } = await import('./app.ts');
  const { app, startDraining } = await buildApp(config);

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      startDraining();
      app.log.info(
        { signal, delayMs: config.drainDelayMs },
        'draining: readiness answers 503; finishing in-flight requests',
      );
      const limit = config.drainDelayMs + config.drainTimeoutMs;
      const timer = setTimeout(() => {
        app.log.error(`shutdown took longer than ${limit} ms; exiting`);
        process.exit(1);
      }, limit);
      timer.unref();
      // Fastify stops accepting, waits for the requests it has, then the onClose hooks close the database.
      setTimeout(() => {
        app.close().then(
          () => process.exit(0),
          (err: unknown) => {
            app.log.error({ err }, 'shutdown failed');
            process.exit(1);
          },
        );
      }, config.drainDelayMs);
    });
  }

  // Workers share the primary's port (node:cluster hands each connection to one of them).
  await app.listen({ port: config.port, host: config.host });
  if (cluster.isPrimary) console.log(readyLine(config, app.server.address()));
}

/** The one line a person starting the server looks for (with the port the system chose for PORT=0). */
export function readyLine(config: AppConfig, address?: Pick<AddressInfo, 'port'> | string | null): string {
  let database: string;
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    database = `PostgreSQL at ${url.host}${url.pathname}`;
  } else {
    database = `SQLite at ${sqliteFileOf(config.dataDir)}`;
  }
  const workers = config.workers > 1 ? `, ${config.workers} workers` : '';
  const port = typeof address === 'object' && address ? address.port : config.port;
  return `Pathbuilder ready at http://${config.host}:${port} (${database}${workers})`;
}

/**
 * WORKERS > 1: this process only supervises. The first worker starts alone, so migrations and the demo seed
 * run once, and it is the one that sweeps; the others start once it listens. A worker that dies is replaced;
 * SIGTERM (or SIGINT) reaches every worker, each finishes its requests, then the primary exits.
 */
function superviseWorkers(count: number): void {
  const log = (level: 'info' | 'warn' | 'error', msg: string, extra: object = {}) =>
    (level === 'info' ? console.log : console.error)(
      JSON.stringify({ level, time: Date.now(), pid: process.pid, role: 'primary', msg, ...extra }),
    );
  let stopping = false;
  let listening = false;
  // On SQLite the workers' events (live discussion messages) cross over through here (plugins/event-bus.ts).
  relayBusBetweenWorkers();
  // On SQLite the workers take turns to write through here rather than sleeping on the file's lock
  // (db/write-turn.ts). PATHBUILDER_WRITE_TURN=off leaves them to SQLite's lock, to measure one against the other.
  const sqlite = !config.databaseUrl;
  if (sqlite) serveWriteTurnsToWorkers();

  const fork = (sweeps: boolean): Worker => {
    const worker = cluster.fork({
      SWEEPS: sweeps ? '1' : '0',
      ...(sqlite ? { [WRITE_TURN_ENV]: process.env[WRITE_TURN_ENV] ?? 'ipc' } : {}),
    });
    worker.on('exit', (code, signal) => {
      if (stopping) return;
      if (!listening) {
        // The first worker could not start (configuration, database): starting more would not help.
        log('error', 'the first worker failed to start; exiting', { code, signal });
        process.exit(1);
      }
      log('warn', 'a worker died; starting another', { code, signal, sweeps });
      setTimeout(() => fork(sweeps), 1000).unref();
    });
    return worker;
  };

  const first = fork(true);
  // The worker's address: the port the system chose when PORT=0 (every worker then shares it).
  first.once('listening', (address) => {
    listening = true;
    let ready = 1;
    for (let i = 1; i < count; i++) {
      fork(false).once('listening', () => {
        if (++ready === count) console.log(readyLine(config, address));
      });
    }
    if (count === 1) console.log(readyLine(config, address));
    log('info', `serving with ${count} workers`, { port: config.port });
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      log('info', 'shutting down the workers', { signal });
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
      for (const worker of workers) worker.process.kill('SIGTERM');
      // Each worker gives up after its own drain delay and timeout; this is the backstop.
      const timer = setTimeout(() => process.exit(1), config.drainDelayMs + config.drainTimeoutMs + 5_000);
      timer.unref();
      void Promise.all(workers.map((w) => (w.isDead() ? null : new Promise((r) => w.once('exit', r))))).then(
        () => process.exit(0),
      );
    });
  }
}
