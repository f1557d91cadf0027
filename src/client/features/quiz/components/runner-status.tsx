import { Countdown } from './countdown.tsx';
import { SyncStatus } from './sync-status.tsx';

/** The left of the runner's bar: the time left while answering (when there is a limit) and the sync state. */
export function RunnerStatus({
  attemptId,
  deadlineAt,
  answering,
  clockOffsetMs,
  onExpire,
}: {
  attemptId: string;
  deadlineAt: string | null;
  answering: boolean;
  clockOffsetMs: number;
  onExpire: () => void;
}) {
  return (
    <div className="quiz__status">
      {deadlineAt && answering && (
        <Countdown deadlineAt={deadlineAt} clockOffsetMs={clockOffsetMs} onExpire={onExpire} />
      )}
      <SyncStatus attemptId={attemptId} />
    </div>
  );
}
