// GET /api/refresh of two builds beside the bare route, as bench/api.ts measures `api.refresh.ratio` (autocannon,
// 20 connections, one process each), in alternate turns so the machine's load falls on all three alike:
//   node bench/refresh-ab.ts --old=PATH [--new=PATH] [--rounds=N] [--duration=S] [--warmup=S]
// PATH is a checkout's root. Prints each turn's req/s and the server's CPU per request (user + system over the
// middle of the run), then the medians. Ports: REFRESH_AB_PORT and the next two (4295–4297).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { login, run } from './api-load.ts';
import { THROUGHPUT } from './api.ts';
import { cpuSeconds, startServer, type Server } from './processes.ts';

const ROOT = join(import.meta.dirname, '..');
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const rounds = Number(arg('rounds') ?? 3);
const duration = Number(arg('duration') ?? THROUGHPUT.duration);
const warmup = Number(arg('warmup') ?? 0);
const oldRoot = arg('old');
const newRoot = arg('new') ?? ROOT;
if (!oldRoot) throw new Error('--old=PATH: the checkout to compare with');
const port = Number(process.env.REFRESH_AB_PORT ?? 4295);
const STUDENT = { email: 'student@pathbuilder.test', password: 'pathbuilder-demo' };

type Target = { name: string; server: Server; url: string; headers: Record<string, string> };

async function ours(name: string, root: string, at: number): Promise<Target> {
  const dataDir = join(ROOT, '.tmp', `refresh-ab-${at}`);
  rmSync(dataDir, { recursive: true, force: true });
  const server = await startServer(name, join(root, 'src/server/main.ts'), at, '/api/health', {
    SEED: 'demo',
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    WORKERS: '1',
    DATA_DIR: dataDir,
  });
  const token = await login(server.baseUrl, STUDENT);
  return {
    name,
    server,
    url: `${server.baseUrl}/api/refresh`,
    headers: { authorization: `Bearer ${token}` },
  };
}

type Turn = { rps: number; us: number };

async function turn(t: Target, seconds: number): Promise<Turn> {
  let first = 0;
  let last = 0;
  const a = setTimeout(() => (first = cpuSeconds(t.server.pid)), 1000);
  const b = setTimeout(() => (last = cpuSeconds(t.server.pid)), seconds * 1000 - 500);
  const result = await run({
    url: t.url,
    headers: t.headers,
    connections: THROUGHPUT.connections,
    duration: seconds,
  });
  clearTimeout(a);
  clearTimeout(b);
  if (result.non2xx || result.errors)
    throw new Error(`${t.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const rps = result.requests.average;
  return { rps, us: ((last - first) / (rps * (seconds - 1.5))) * 1e6 };
}

async function start(): Promise<Target[]> {
  return [
    await ours('old', oldRoot!, port),
    await ours('new', newRoot, port + 1),
    await (async (): Promise<Target> => {
      const server = await startServer('bare', join(ROOT, 'bench/bare-server.ts'), port + 2, '/bare');
      return { name: 'bare', server, url: `${server.baseUrl}/bare`, headers: {} };
    })(),
  ];
}
// --fresh: new servers every round, measured as the bench does (right after start and login, no warm-up).
const pairs = process.argv.includes('--pairs');
const fresh = pairs || process.argv.includes('--fresh');
let targets = await start();
try {
  if (warmup > 0) for (const t of targets) await turn(t, warmup);
  const seen = new Map<string, Turn[]>(targets.map((t) => [t.name, []]));
  for (let r = 0; r < rounds; r++) {
    if (fresh && r > 0) {
      for (const t of targets) await t.server.stop();
      targets = await start();
      if (warmup > 0) for (const t of targets) await turn(t, warmup);
    }
    // Each round starts with the next target, so none is always first after a pause.
    const order = targets.map((_, i) => targets[(i + r) % targets.length]!);
    const line: string[] = [];
    for (const t of order) {
      // --pairs: a fresh server's first run and then a second one straight after, as `name` and `name+`.
      if (pairs) {
        const cold = await turn(t, duration);
        if (!seen.has(`${t.name}+`)) seen.set(`${t.name}+`, []);
        seen.get(t.name)!.push(cold);
        line.push(`${t.name} ${Math.round(cold.rps)} req/s ${cold.us.toFixed(0)} µs/req`);
      }
      const x = await turn(t, duration);
      seen.get(pairs ? `${t.name}+` : t.name)!.push(x);
      line.push(`${t.name}${pairs ? '+' : ''} ${Math.round(x.rps)} req/s ${x.us.toFixed(0)} µs/req`);
    }
    console.log(`round ${r + 1}: ${line.join('; ')}`);
  }
  const median = (xs: number[]) => [...xs].sort((p, q) => p - q)[Math.floor(xs.length / 2)]!;
  for (const [name, xs] of seen) {
    const base = seen.get(name.endsWith('+') ? 'bare+' : 'bare')!;
    const ratios = name.startsWith('bare') ? [] : xs.map((x, i) => x.rps / base[i]!.rps);
    console.log(
      `${name}: median ${Math.round(median(xs.map((x) => x.rps)))} req/s (${xs.map((x) => Math.round(x.rps)).join(', ')}), ` +
        `${median(xs.map((x) => x.us)).toFixed(0)} µs/req (${xs.map((x) => x.us.toFixed(0)).join(', ')})` +
        (ratios.length
          ? `, ratio ${median(ratios).toFixed(2)} (${ratios.map((x) => x.toFixed(2)).join(', ')})`
          : ''),
    );
  }
} finally {
  for (const t of targets) await t.server.stop();
}
