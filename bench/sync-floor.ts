// The disk's own floor under a commit's sync (not part of `npm run bench`): FRAMES WAL-sized frames (4,120
// bytes) written, then fdatasync, N times, alternately to a file already written and synced to its full size
// (overwritten in place, as a WAL that starts again from the top) and to a file that grows (appended, as a
// WAL that never restarts: the sync then also writes the file's new size through the file system's journal).
//   node bench/sync-floor.ts [--n=500] [--frames=11] [--dir=DIR]
// A graded 50-question submit writes 10–14 frames (bench/grading-syncs.ts); an answer save 3.
import { closeSync, fdatasyncSync, fsyncSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { percentile } from './learning.ts';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const n = Number(arg('n') ?? 500);
const frames = Number(arg('frames') ?? 11);
const dir = arg('dir') ?? join(import.meta.dirname, '..', '.tmp');
mkdirSync(dir, { recursive: true });
const FRAME = 4120;
const SIZE = 64 << 20;
const frame = Buffer.alloc(FRAME, 7);
const paths = { inPlace: join(dir, 'sync-floor-in-place'), appended: join(dir, 'sync-floor-appended') };
for (const path of Object.values(paths)) rmSync(path, { force: true });

const inPlace = openSync(paths.inPlace, 'w+');
const chunk = Buffer.alloc(1 << 20, 1);
for (let at = 0; at < SIZE; at += chunk.length) writeSync(inPlace, chunk, 0, chunk.length, at);
fsyncSync(inPlace);
const appended = openSync(paths.appended, 'w+');

const timed = (fd: number, at: number) => {
  for (let i = 0; i < frames; i++) writeSync(fd, frame, 0, FRAME, at + i * FRAME);
  const t0 = performance.now();
  fdatasyncSync(fd);
  return performance.now() - t0;
};
const times = { inPlace: [] as number[], appended: [] as number[] };
const gap = new Int32Array(new SharedArrayBuffer(4));
let inPlaceAt = 0;
for (let i = 0; i < n; i++) {
  times.inPlace.push(timed(inPlace, inPlaceAt));
  inPlaceAt = (inPlaceAt + frames * FRAME) % (SIZE - frames * FRAME);
  times.appended.push(timed(appended, i * frames * FRAME));
  // A request's worth of pause between commits.
  Atomics.wait(gap, 0, 0, 2);
}
closeSync(inPlace);
closeSync(appended);
for (const path of Object.values(paths)) rmSync(path, { force: true });
const ms = (v: number) => v.toFixed(2);
for (const [name, t] of Object.entries(times))
  console.log(
    `${name}: p50 ${ms(percentile(t, 50))} p90 ${ms(percentile(t, 90))} p99 ${ms(percentile(t, 99))} ` +
      `max ${ms(Math.max(...t))} ms (${frames} frames, ${n} syncs)`,
  );
