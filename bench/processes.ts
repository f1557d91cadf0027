// Child servers for the bench: started with this same Node, stopped however the bench ends.
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const children = new Set<ChildProcess>();

function stopAll(): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  children.clear();
}
process.once('exit', stopAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopAll();
    process.exit(130);
  });
}

/** CPU seconds (user + system) a process has used so far; 0 once it has gone. */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat(5), 12 and 13 after the command name.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * A bench server's environment: the demo seed, warnings only, production mode, and room for the students the
 * loads register from this one address.
 */
export const BENCH_SERVER_ENV = {
  SEED: 'demo',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  REGISTRATIONS_PER_HOUR: '1000',
} as const;

export type Server = { name: string; baseUrl: string; pid: number; stop(): Promise<void> };

export async function startServer(
  name: string,
  script: string,
  port: number,
  healthPath: string,
  env: Record<string, string> = {},
): Promise<Server> {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  // Kept for the error message if the server never answers; reading it also keeps the pipe flowing.
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // Resolves once the server (all its workers) has exited, so the port is free again.
  const stop = async () => {
    children.delete(child);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${stderr}`);
    try {
      if ((await fetch(baseUrl + healthPath)).ok) return { name, baseUrl, pid: child.pid!, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`${name} did not answer ${healthPath} within 60 s:\n${stderr}`);
}
