// `npm start`: builds the client only when something it is built from changed since dist/ was written.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
// What `vite build` reads: the client, the shared code, the service worker, static files and the config.
const SOURCES = [
  'src/client',
  'src/shared',
  'sw',
  'public',
  'index.html',
  'manifest.webmanifest',
  'vite.config.ts',
  'scripts/vite-precompress.ts',
  'package-lock.json',
  'tsconfig.json',
];

/** The newest modification time under `path` (a file or a folder), in ms; 0 if it does not exist. */
export function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

const built = newestMtime(join(ROOT, 'dist', 'index.html'));
const changed = Math.max(...SOURCES.map((s) => newestMtime(join(ROOT, s))));
if (built > changed) {
  console.log('dist/ is newer than its sources: not building again.');
} else {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
