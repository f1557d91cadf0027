import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatLogLine } from '../../src/server/plugins/pretty-log.ts';

const MAIN = join(import.meta.dirname, '../../src/server/main.ts');

describe('starting the server', () => {
  it('prints one human line saying where it is ready and on which database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pathbuilder-start-'));
    const port = 4300 + Math.floor(Math.random() * 500);
    const child = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED: 'none',
        WORKERS: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      const line = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ready line in:\n${out}`)), 30_000);
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const ready = out.split('\n').find((l) => l.startsWith('Pathbuilder ready at'));
          if (ready) {
            clearTimeout(timer);
            resolve(ready);
          }
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${out}`)));
      });
      expect(line).toBe(
        `Pathbuilder ready at http://127.0.0.1:${port} (SQLite at ${join(dataDir, 'pathbuilder.sqlite')})`,
      );
      // Not a terminal here: the other lines stay JSON, for log collectors.
      const others = out.split('\n').filter((l) => l && !l.startsWith('Pathbuilder ready'));
      for (const l of others) expect(() => JSON.parse(l)).not.toThrow();
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('on a terminal, writes each log entry as one readable line', () => {
    const time = new Date(2026, 10, 23, 14, 2, 11).getTime();
    expect(
      formatLogLine(
        JSON.stringify({
          level: 30,
          time,
          pid: 1,
          reqId: 'req-1',
          req: { method: 'GET', url: '/api/refresh' },
          res: { statusCode: 200 },
          responseTime: 3.2,
          msg: 'request completed',
        }),
      ),
    ).toBe('14:02:11 INFO  GET /api/refresh 200 3 ms\n');
    expect(formatLogLine(JSON.stringify({ level: 40, time, msg: 'a worker died', code: 1 }))).toBe(
      '14:02:11 WARN  a worker died code=1\n',
    );
  });
});
