import { percentOf } from '../mastery-format.ts';

/**
 * A horizontal bar for a share or an estimate (0..1); `goal` marks the mastered threshold on an estimate.
 * The text beside it carries the number, so the bar is decoration for screen readers.
 */
export function MasteryBar({ value, label, goal = false }: { value: number; label: string; goal?: boolean }) {
  return (
    <div className="mastery-bar">
      <span className="mastery-bar__label">{label}</span>
      <span className="mastery-bar__track" aria-hidden="true">
        <span className="mastery-bar__fill" style={{ inlineSize: percentOf(value) }} />
        {goal && <span className="mastery-bar__goal" />}
      </span>
      <span className="mastery-bar__value">{percentOf(value)}</span>
    </div>
  );
}
