// Several "machines" on this one: each app host runs in a Linux network namespace of its own, reached over a
// veth pair, with its own address, DATA_DIR and process. nginx, PostgreSQL and the S3 server stay on this
// machine; the hosts reach the last two through small TCP forwarders on their gateway address (PostgreSQL
// listens on 127.0.0.1 only). Needs root, iproute2 and nginx.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const ROOT = join(import.meta.dirname, '../..');
const MAIN = join(ROOT, 'src/server/main.ts');

/** Why these tests cannot run here, or null when they can. */
export async function missingPrerequisite(): Promise<string | null> {
  if (process.getuid?.() !== 0) return 'network namespaces need root';
  if (!existsSync('/usr/sbin/nginx')) return 'nginx is not installed (apt-get install -y nginx)';
  try {
    await run('ip', ['netns', 'list']);
  } catch {
    return 'iproute2 (`ip netns`) is not available';
  }
  return null;
}

export interface Machine {
  name: string;
  /** This machine's address (inside its namespace). */
  address: string;
  /** The address of the machine everything else runs on, as this one sees it. */
  gateway: string;
}

async function ip(...args: string[]): Promise<void> {
  await run('ip', args);
}

/** A namespace `name` joined to this machine by a veth pair on 10.231.`index`.0/24. */
export async function addMachine(name: string, index: number): Promise<Machine> {
  await removeMachine(name);
  const gateway = `10.231.${index}.1`;
  const address = `10.231.${index}.2`;
  await ip('netns', 'add', name);
  await ip('link', 'add', `${name}-0`, 'type', 'veth', 'peer', 'name', `${name}-1`);
  await ip('link', 'set', `${name}-1`, 'netns', name);
  await ip('addr', 'add', `${gateway}/24`, 'dev', `${name}-0`);
  await ip('link', 'set', `${name}-0`, 'up');
  await ip('netns', 'exec', name, 'ip', 'addr', 'add', `${address}/24`, 'dev', `${name}-1`);
  await ip('netns', 'exec', name, 'ip', 'link', 'set', `${name}-1`, 'up');
  await ip('netns', 'exec', name, 'ip', 'link', 'set', 'lo', 'up');
  return { name, address, gateway };
}

/** Removes the namespace and its veth pair (also what an earlier, interrupted run left behind). */
export async function removeMachine(name: string): Promise<void> {
  await ip('netns', 'del', name).catch(() => undefined);
  await ip('link', 'del', `${name}-0`).catch(() => undefined);
}

/** Listens on `host:port` and pipes every connection to `target`. */
export async function forward(host: string, port: number, target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    const upstream = connect(target.port, target.host);
    sockets.add(socket).add(upstream);
    socket.pipe(upstream).pipe(socket);
    const done = () => {
      socket.destroy();
      upstream.destroy();
      sockets.delete(socket);
      sockets.delete(upstream);
    };
    socket.on('error', done).on('close', done);
    upstream.on('error', done).on('close', done);
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  return {
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface AppHost {
  machine: Machine;
  baseUrl: string;
  process: ChildProcess;
  /** Everything it printed, for a failure message. */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string | null>;
}

/** Starts the server inside `machine`'s namespace, listening on its address; resolves once it is ready. */
export async function startAppHost(
  machine: Machine,
  port: number,
  env: Record<string, string>,
): Promise<AppHost> {
  const child = spawn('ip', ['netns', 'exec', machine.name, process.execPath, MAIN], {
    cwd: ROOT,
    env: { ...process.env, ...env, HOST: machine.address, PORT: String(port), LOG_FORMAT: 'json' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${machine.name}: no ready line in 120 s:\n${output}`)),
      120_000,
    );
    child.stdout.on('data', () => {
      if (output.includes('Pathbuilder ready at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${machine.name} exited (${code}) before it was ready:\n${output}`));
    });
  });
  return {
    machine,
    baseUrl: `http://${machine.address}:${port}`,
    process: child,
    output: () => output,
    exited,
  };
}

/** Stops a host with `signal` and waits until it has exited. */
export async function stopAppHost(host: AppHost, signal: NodeJS.Signals = 'SIGTERM') {
  if (host.process.exitCode === null && host.process.signalCode === null) host.process.kill(signal);
  return host.exited;
}

/**
 * nginx in front, with the shipped example (deploy/nginx.conf) as its configuration: only the upstream
 * addresses and the listening port are those of this test, and each answer names the host that served it
 * (`X-Upstream`), so a test can tell where a request went.
 */
export async function startNginx(
  dir: string,
  port: number,
  upstreams: string[],
): Promise<{ baseUrl: string; stop(): Promise<void>; errors(): string }> {
  mkdirSync(join(dir, 'logs'), { recursive: true });
  const example = readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8');
  const servers = [...example.matchAll(/^ {4}server 10\.0\.0\.\d+:8080(.*)$/gm)];
  if (servers.length !== 2) throw new Error('deploy/nginx.conf: expected two upstream servers');
  const site = example
    .replace(
      servers.map((m) => m[0]).join('\n'),
      upstreams.map((u) => `    server ${u}${servers[0]![1]}`).join('\n'),
    )
    .replace(
      /^ {4}listen 80;$/m,
      `    listen 127.0.0.1:${port};\n    add_header X-Upstream $upstream_addr always;`,
    );
  if (!site.includes(`listen 127.0.0.1:${port}`)) throw new Error('deploy/nginx.conf: no "listen 80;"');
  writeFileSync(join(dir, 'site.conf'), site);
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'worker_processes 1;',
      'daemon off;',
      'user root;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'logs/error.log')} warn;`,
      'events { worker_connections 4096; }',
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${join(dir, 'body')};`,
      `  proxy_temp_path ${join(dir, 'proxy')};`,
      `  fastcgi_temp_path ${join(dir, 'fastcgi')};`,
      `  uwsgi_temp_path ${join(dir, 'uwsgi')};`,
      `  scgi_temp_path ${join(dir, 'scgi')};`,
      `  include ${join(dir, 'site.conf')};`,
      '}',
    ].join('\n'),
  );
  const child = spawn('/usr/sbin/nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    const up = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (up === 200) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
    },
    errors: () => stderr + readFileSync(join(dir, 'logs/error.log'), 'utf8'),
  };
}
