// `npm run bench:diagnostic`: the adaptive diagnostic engine against simulated learners, next to the
// fixed-order baseline. Runs the production engine and the production fixed selector (not copies), prints
// the tables and writes .tmp/bench/diagnostic.json, merging the headline figures into results.json.
// Options: --graphs N --learners N (defaults 10 and 500) for a quicker run while developing. The graphs
// are shared out over one worker thread per core; the timings run alone afterwards.
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { GRAPHS, merge, msPerAnswer, runGraphs, type Part } from './diagnostic-measure.ts';
import { report } from './diagnostic-report.ts';

if (!isMainThread) {
  parentPort!.postMessage(runGraphs((workerData as { graphs: number[] }).graphs));
  process.exit(0);
}

const started = performance.now();
const cpuBefore = process.cpuUsage();
const WORKERS = Math.min(availableParallelism(), GRAPHS);
const parts = await Promise.all(
  Array.from(
    { length: WORKERS },
    (_, w) =>
      new Promise<Part>((resolve, reject) => {
        const graphs = Array.from({ length: GRAPHS }, (_, g) => g).filter((g) => g % WORKERS === w);
        const worker = new Worker(new URL(import.meta.url), {
          workerData: { graphs },
          argv: process.argv.slice(2),
        });
        worker.once('message', (part: Part) => resolve(part));
        worker.once('error', reject);
      }),
  ),
);
for (const part of parts) merge(part);
const simulatedSeconds = (performance.now() - started) / 1000;
const m60 = msPerAnswer(60, 20, 61);
const m300 = msPerAnswer(300, 20, 77);
report({ m60, m300, started, simulatedSeconds, workers: WORKERS, cpuBefore });
