// `npm run bench:diagnostic`: the adaptive diagnostic under conditions beyond the engine's own model, each
// with adaptive, offline-plan, fixed and random orders under the same inference, and the production path.
// Runs the production engine, fit and fixed selector (not copies), prints the table and writes
// .tmp/bench/diagnostic.json, merging the headline figures into results.json. Options: --graphs N (units per
// condition, default 10) --learners N (per unit, default 30: 300 learners per condition) --only a,b.
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import {
  CONDITIONS,
  GRAPHS,
  mergeInto,
  msPerAnswer,
  newTally,
  ONLY,
  runUnit,
  type ConditionTally,
} from './diagnostic-measure.ts';
import { report } from './diagnostic-report.ts';

type Unit = { condition: string; unit: number };

if (!isMainThread) {
  const out: Array<[string, ConditionTally]> = [];
  for (const u of (workerData as { units: Unit[] }).units) {
    out.push([u.condition, runUnit(u.condition, u.unit)]);
    process.stderr.write(`${u.condition} ${u.unit + 1}/${GRAPHS}\n`);
  }
  parentPort!.postMessage(out);
  process.exit(0);
}

const started = performance.now();
const cpuBefore = process.cpuUsage();
const conditions = CONDITIONS.filter((c) => !ONLY.length || ONLY.includes(c.name));
const units: Unit[] = conditions.flatMap((c) =>
  Array.from({ length: GRAPHS }, (_, unit) => ({ condition: c.name, unit })),
);
const WORKERS = Math.min(availableParallelism(), units.length);
const totals = new Map(conditions.map((c) => [c.name, newTally()]));
await Promise.all(
  Array.from(
    { length: WORKERS },
    (_, w) =>
      new Promise<void>((resolve, reject) => {
        const worker = new Worker(new URL(import.meta.url), {
          workerData: { units: units.filter((_, k) => k % WORKERS === w) },
          argv: process.argv.slice(2),
        });
        worker.once('message', (parts: Array<[string, ConditionTally]>) => {
          for (const [name, part] of parts) mergeInto(totals.get(name)!, part);
          resolve();
        });
        worker.once('error', reject);
      }),
  ),
);
const simulatedSeconds = (performance.now() - started) / 1000;
const m60 = msPerAnswer(60, 20, 61);
const m300 = msPerAnswer(300, 10, 77);
report({ totals, m60, m300, started, simulatedSeconds, workers: WORKERS, cpuBefore });
