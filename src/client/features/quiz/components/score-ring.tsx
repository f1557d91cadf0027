const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * A share drawn as a ring, with the figure in the middle. The picture is one image with its words as the
 * accessible name (`label`); the figure inside is for the eye only.
 */
export function ScoreRing({
  percent,
  label,
  caption,
  mark = null,
  figure,
}: {
  /** 0–100. */
  percent: number;
  label: string;
  /** Under the figure, small ("4 of 8"). */
  caption?: string;
  /** A tick on the ring, such as the pass mark (percent). */
  mark?: number | null;
  /** In the middle instead of the percent. */
  figure?: string;
}) {
  const share = Math.min(100, Math.max(0, percent));
  const angle = mark === null ? null : (Math.min(100, Math.max(0, mark)) / 100) * 2 * Math.PI;
  return (
    <div className="score-ring" role="img" aria-label={label}>
      <svg viewBox="0 0 120 120" aria-hidden="true" focusable="false">
        <circle className="score-ring__track" cx="60" cy="60" r={RADIUS} />
        <circle
          className="score-ring__value"
          cx="60"
          cy="60"
          r={RADIUS}
          strokeDasharray={`${(share / 100) * CIRCUMFERENCE} ${CIRCUMFERENCE}`}
          transform="rotate(-90 60 60)"
        />
        {angle !== null && (
          <line
            className="score-ring__mark"
            x1={60 + Math.sin(angle) * 44}
            y1={60 - Math.cos(angle) * 44}
            x2={60 + Math.sin(angle) * 60}
            y2={60 - Math.cos(angle) * 60}
          />
        )}
      </svg>
      <span className="score-ring__figure" aria-hidden="true">
        {figure ?? `${Math.round(share)}%`}
        {caption && <small>{caption}</small>}
      </span>
    </div>
  );
}
