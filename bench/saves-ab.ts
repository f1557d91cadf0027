// Server CPU per answer save, two builds side by side (not part of `npm run bench`): both servers run at once
// over copies of the same data, and short wrk bursts go to each in turn, so a machine busy with other work
// weighs on both alike. For before/after figures on a shared machine:
//   node bench/saves-ab.ts /other/checkout/src/server/main.ts [rounds] [seconds] [rate]
// Without a rate the bursts are wrk's (as fast as each answers); with one (saves per second), an open loop at that
// rate (open-loop.ts), so both servers see the same arrivals and commit in batches of the same size: the CPU a
// save costs depends on how many share a commit, which a closed loop ties to how fast the server is.
// Each round prints both builds' server CPU per save, saves per second and the load's p99 (wrk's, or the open
// loop's from each save's due time). Ports: SAVES_PORT and the next one (4280, 4281 by default). The first
// build is the other checkout's.
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { prepareStudents, STUDENTS } from './learning.ts';
import { login } from './api-load.ts';
import { BENCH_SERVER_ENV, startServer } from './processes.ts';
import { cpuOf } from './saves-cpu-of.ts';
import { openLoopSaves } from './open-loop.ts';
import { wrkSaves } from './wrk-saves.ts';

const ROOT = join(import.meta.dirname, '..');
const other = process.argv[2];
if (!other)
  throw new Error('usage: node bench/saves-ab.ts /other/checkout/src/server/main.ts [rounds] [seconds]');
const rounds = Number(process.argv[3] ?? 10);
const seconds = Number(process.argv[4] ?? 3);
const rate = process.argv[5] ? Number(process.argv[5]) : undefined;
const port = Number(process.env.SAVES_PORT ?? 4280);
const dirs = [join(ROOT, '.tmp', `saves-ab-${port}-a`), join(ROOT, '.tmp', `saves-ab-${port}-b`)];
const base = {
  ...BENCH_SERVER_ENV,
  WORKERS: '1',
};
for (const d of dirs) rmSync(d, { recursive: true, force: true });
const mains = [other, join(ROOT, 'src/server/main.ts')];
const s0 = await startServer('seed', mains[0]!, port, '/api/health', { ...base, DATA_DIR: dirs[0]! });
const admin = await login(s0.baseUrl, { email: 'admin@pathbuilder.test', password: 'pathbuilder-demo' });
const students = await prepareStudents(s0.baseUrl, admin, STUDENTS);
await s0.stop();
cpSync(dirs[0]!, dirs[1]!, { recursive: true });
const servers = await Promise.all(
  mains.map((m, i) =>
    startServer(i ? 'new' : 'old', m, port + i, '/api/health', { ...base, DATA_DIR: dirs[i]! }),
  ),
);
const cpu: number[][] = [[], []];
const rps: number[][] = [[], []];
const p99: number[][] = [[], []];
try {
  for (const s of servers) await wrkSaves(s.baseUrl, students, 2); // warm-up
  for (let r = 0; r < rounds; r++) {
    // Alternate which goes first, so neither always follows the other.
    for (const i of r % 2 ? [1, 0] : [0, 1]) {
      const s = servers[i]!;
      const c0 = cpuOf(s.pid);
      let saves: number, perSecond: number, tail: number;
      if (rate) {
        const o = await openLoopSaves(s.baseUrl, students, { rate, seconds, label: s.name });
        saves = o.sent - o.failed;
        perSecond = o.achievedRate;
        tail = o.p99;
      } else {
        const w = (await wrkSaves(s.baseUrl, students, seconds))!;
        saves = w.rps * seconds;
        perSecond = w.rps;
        tail = w.p99Ms;
      }
      const c1 = cpuOf(s.pid);
      cpu[i]!.push((c1 - c0) / saves);
      rps[i]!.push(perSecond);
      p99[i]!.push(tail);
    }
    const round = (i: number) =>
      `${Math.round(cpu[i]!.at(-1)!)} µs/save (${Math.round(rps[i]!.at(-1)!)}/s, p99 ${p99[i]!.at(-1)!.toFixed(1)} ms)`;
    console.log(`round ${r + 1}: old ${round(0)}, new ${round(1)}`);
  }
} finally {
  for (const s of servers) await s.stop();
}
const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
const ratios = cpu[1]!.map((c, i) => c / cpu[0]![i]!);
const summary = (i: number) =>
  `${Math.round(median(cpu[i]!))} µs/save ${Math.round(median(rps[i]!))}/s p99 ${median(p99[i]!).toFixed(1)} ms`;
console.log(
  `median: old ${summary(0)}; new ${summary(1)}; new/old CPU per round, median ${median(ratios).toFixed(3)} (min ${Math.min(...ratios).toFixed(3)}, max ${Math.max(...ratios).toFixed(3)})`,
);
