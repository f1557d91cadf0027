import type { AttemptRunner } from '../use-attempt-runner.ts';

/** Back to the question before (none before the first). */
export function PreviousButton({ runner }: { runner: AttemptRunner }) {
  return (
    <button
      type="button"
      className="button button--secondary"
      disabled={runner.position === 0}
      onClick={() => runner.goTo(runner.position - 1)}
    >
      Previous
    </button>
  );
}
