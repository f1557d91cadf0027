import { formatShortDay } from '../mastery-format.ts';

const W = 320;
const H = 120;
const PAD = { top: 10, right: 8, bottom: 22, left: 28 };

/**
 * Topics mastered over time, as a step line: the count changes only on days the student answered. The
 * table after it says the same for screen readers (and for anyone who prefers numbers).
 */
export function MasteryHistoryChart({
  history,
  total,
}: {
  history: { day: string; mastered: number }[];
  total: number;
}) {
  if (history.length === 0) return null;
  const first = Date.parse(`${history[0]!.day}T00:00:00Z`);
  const last = Date.parse(`${history[history.length - 1]!.day}T00:00:00Z`);
  const span = Math.max(1, last - first);
  const top = Math.max(1, ...history.map((h) => h.mastered));
  const x = (day: string) =>
    PAD.left + ((Date.parse(`${day}T00:00:00Z`) - first) / span) * (W - PAD.left - PAD.right);
  const y = (n: number) => PAD.top + (1 - n / top) * (H - PAD.top - PAD.bottom);
  const points = history.length === 1 ? [history[0]!, history[0]!] : history;
  let d = '';
  points.forEach((h, i) => {
    const px = history.length === 1 ? (i === 0 ? PAD.left : W - PAD.right) : x(h.day);
    d += i === 0 ? `M${px},${y(h.mastered)}` : `H${px}V${y(h.mastered)}`;
  });
  const latest = history[history.length - 1]!;
  return (
    <figure className="mastery-history">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="mastery-history-caption">
        <line className="mastery-history__axis" x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} />
        <text className="mastery-history__tick" x={PAD.left - 4} y={y(top) + 4} textAnchor="end">
          {top}
        </text>
        <text className="mastery-history__tick" x={PAD.left - 4} y={y(0) + 4} textAnchor="end">
          0
        </text>
        <text className="mastery-history__tick" x={PAD.left} y={H - 6}>
          {formatShortDay(history[0]!.day)}
        </text>
        {history.length > 1 && (
          <text className="mastery-history__tick" x={W - PAD.right} y={H - 6} textAnchor="end">
            {formatShortDay(latest.day)}
          </text>
        )}
        <path className="mastery-history__line" d={d} />
      </svg>
      <figcaption id="mastery-history-caption">
        Topics mastered over time: {latest.mastered} of {total} on {formatShortDay(latest.day)}.
      </figcaption>
    </figure>
  );
}
