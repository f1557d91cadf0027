import type { AttemptRunner } from '../use-attempt-runner.ts';
import { Countdown } from './countdown.tsx';
import { SyncStatus } from './sync-status.tsx';

/** The left of the runner's bar: the time left while answering (when there is a limit) and the sync state. */
export function RunnerStatus({ runner, clockOffsetMs }: { runner: AttemptRunner; clockOffsetMs: number }) {
  const { attempt } = runner;
  return (
    <div className="quiz__status">
      {runner.deadlineAt && runner.phase === 'answering' && (
        <Countdown deadlineAt={runner.deadlineAt} clockOffsetMs={clockOffsetMs} onExpire={runner.expire} />
      )}
      <SyncStatus attemptId={attempt.id} />
    </div>
  );
}
