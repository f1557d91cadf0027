import type { AttemptRunner } from '../use-attempt-runner.ts';
import { Countdown } from './countdown.tsx';
import { SyncStatus } from './sync-status.tsx';

/** The left of the runner's bar: the time left while answering (when there is a limit) and the sync state. */
export function RunnerStatus({ runner, clockOffsetMs }: { runner: AttemptRunner; clockOffsetMs: number }) {
  const { attempt } = runner;
  return (
    <div className="quiz__status">
      {attempt.deadline_at && runner.phase === 'answering' && (
        <Countdown deadlineAt={attempt.deadline_at} clockOffsetMs={clockOffsetMs} onExpire={runner.expire} />
      )}
      <SyncStatus attemptId={attempt.id} />
    </div>
  );
}
