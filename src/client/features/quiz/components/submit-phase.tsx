import { Loading } from '../../../components/loading.tsx';
import type { RunnerPhase } from '../use-attempt-runner.ts';

/**
 * Where the submission stands (sending, waiting to sync, opening the result) and the time-is-up notice: the
 * same under a quiz or exam and under the diagnostic.
 */
export function SubmitPhase({ phase, expired }: { phase: RunnerPhase; expired: boolean }) {
  return (
    <>
      {phase === 'submitting' && <Loading variant="inline" label="Submitting your answers..." />}
      {phase === 'waiting-sync' && (
        <div className="card card--accent" role="status">
          <h2 className="card__title">Submitted — waiting to sync</h2>
          <p>
            Your answers are safe on this device and will be delivered as soon as you are back online. Your
            result appears then.
          </p>
        </div>
      )}
      {phase === 'submitted' && <Loading variant="inline" label="Opening your result..." />}
      {expired && phase === 'answering' && (
        <p className="notice" role="alert">
          Time is up. Your answers are being submitted.
        </p>
      )}
    </>
  );
}
