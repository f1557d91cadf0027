// The API bench's machine-readable figures.
import type { Result } from 'autocannon';
import { WORKERS, type ApiRun } from './api.ts';
import { percentile } from './learning.ts';
import type { Figure } from './results.ts';

/** The machine-readable names (prefix `pg.` for PostgreSQL). */
export function apiFigures(prefix: string, r: ApiRun): Record<string, Figure> {
  const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 100) / 100 : 0);
  // autocannon's latencies are whole milliseconds: a bare p99 under 1 ms counts as 1.
  const p99Ratio = (ours: Result, bare: Result) => ratio(ours.latency.p99, Math.max(1, bare.latency.p99));
  const f = (value: number, unit: string): Figure => ({ value: Math.round(value * 100) / 100, unit });
  const figures: Record<string, Figure> = {
    'api.refresh.rps': f(r.refresh.requests.average, 'req/s'),
    'api.refresh.p99_ms': f(r.refresh.latency.p99, 'ms'),
    'api.refresh.ratio': f(ratio(r.refresh.requests.average, r.bare.requests.average), 'x'),
    'api.refresh.workers': f(WORKERS, 'processes'),
    'api.refresh.workers_rps': f(r.refreshWorkers.requests.average, 'req/s'),
    // With wrk when it is installed (see ApiRun.scaling), else with autocannon.
    'api.refresh.workers_speedup': f(
      r.scaling
        ? ratio(r.scaling.many, r.scaling.one)
        : ratio(r.refreshWorkers.requests.average, r.refresh.requests.average),
      'x',
    ),
    'api.refresh.workers_speedup_autocannon': f(
      ratio(r.refreshWorkers.requests.average, r.refresh.requests.average),
      'x',
    ),
    ...(r.scaling
      ? {
          'api.refresh.wrk_rps_1_worker': f(r.scaling.one, 'req/s'),
          'api.refresh.wrk_rps_workers': f(r.scaling.many, 'req/s'),
        }
      : {}),
    'api.answer_save.rps': f(r.saves.requests.average, 'req/s'),
    'api.answer_save.p99_ms': f(r.saves.latency.p99, 'ms'),
    'api.answer_save.ratio': f(ratio(r.saves.requests.average, r.bare200.requests.average), 'x'),
    'api.answer_save.p99_ratio': f(p99Ratio(r.saves, r.bare200), 'x'),
    // The plainest durable write on the same database (bench/bare-app.ts): SQLite's, or PostgreSQL's under `pg.`.
    'bare.answer_save.rps': f(r.savesFloor.requests.average, 'req/s'),
    'bare.answer_save.p99_ms': f(r.savesFloor.latency.p99, 'ms'),
    'bare.answer_save.ratio': f(ratio(r.savesFloor.requests.average, r.bare200.requests.average), 'x'),
    'bare.answer_save.p99_ratio': f(p99Ratio(r.savesFloor, r.bare200), 'x'),
    'api.answer_save.floor_ratio': f(ratio(r.saves.requests.average, r.savesFloor.requests.average), 'x'),
    'api.answer_save.p99_floor_ratio': f(p99Ratio(r.saves, r.savesFloor), 'x'),
    'api.answer_save.workers_rps': f(r.savesWorkers.requests.average, 'req/s'),
    'api.answer_save.workers_p99_ms': f(r.savesWorkers.latency.p99, 'ms'),
    // Saves with WORKERS / with one process: by wrk when it is installed (see ApiRun.savesScaling).
    'api.answer_save.workers_ratio': f(
      r.savesScaling
        ? ratio(r.savesScaling.many.rps, r.savesScaling.one.rps)
        : ratio(r.savesWorkers.requests.average, r.saves.requests.average),
      'x',
    ),
    'api.answer_save.workers_ratio_autocannon': f(
      ratio(r.savesWorkers.requests.average, r.saves.requests.average),
      'x',
    ),
    ...(r.savesScaling
      ? {
          'api.answer_save.wrk_rps_1_worker': f(r.savesScaling.one.rps, 'req/s'),
          'api.answer_save.wrk_p99_ms_1_worker': f(r.savesScaling.one.p99Ms, 'ms'),
          'api.answer_save.wrk_rps_workers': f(r.savesScaling.many.rps, 'req/s'),
          'api.answer_save.wrk_p99_ms_workers': f(r.savesScaling.many.p99Ms, 'ms'),
        }
      : {}),
    'api.answer_save.failed': f(
      r.saves.non2xx + r.saves.errors + r.savesWorkers.non2xx + r.savesWorkers.errors,
      'requests',
    ),
    'api.open_loop.p50_ms': f(r.openLoop.p50, 'ms'),
    'api.open_loop.p99_ms': f(r.openLoop.p99, 'ms'),
    'api.open_loop.max_ms': f(r.openLoop.max, 'ms'),
    'api.open_loop.target_rps': f(r.openLoop.rate, 'req/s'),
    'api.open_loop.rps': f(r.openLoop.achievedRate, 'req/s'),
    'api.open_loop.seconds': f(r.openLoop.seconds, 's'),
    'api.open_loop.failed': f(r.openLoop.failed, 'requests'),
    'api.grading.p50_ms': f(percentile(r.grading, 50), 'ms'),
    'api.grading.p99_ms': f(percentile(r.grading, 99), 'ms'),
    'api.login_burst.p99_ms': f(percentile(r.logins.times, 99), 'ms'),
    'api.login_burst.health_p99_ms': f(r.busyHealth.latency.p99, 'ms'),
    'api.health.idle_p99_ms': f(r.idleHealth.latency.p99, 'ms'),
    'api.health.settle_ms': f(r.settleMs, 'ms'),
    'bare.rps': f(r.bare.requests.average, 'req/s'),
    'bare.p99_ms': f(r.bare.latency.p99, 'ms'),
    'bare.rps_200': f(r.bare200.requests.average, 'req/s'),
    'bare.p99_ms_200': f(r.bare200.latency.p99, 'ms'),
  };
  return Object.fromEntries(Object.entries(figures).map(([name, fig]) => [prefix + name, fig]));
}
