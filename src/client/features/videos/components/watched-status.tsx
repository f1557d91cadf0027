/** "Watched 42 %" with a bar, or "Completed" once 90 % was really played. */
export function WatchedStatus({
  fraction,
  completed,
  compact = false,
}: {
  fraction: number;
  completed: boolean;
  compact?: boolean;
}) {
  const percent = Math.round(fraction * 100);
  return (
    <div className={`watched${compact ? ' watched--compact' : ''}`} data-testid="watched-status">
      <progress className="watched__bar" max={100} value={percent} aria-label="Watched" />
      <span className="watched__text" role={compact ? undefined : 'status'}>
        {completed ? (
          <>
            <span aria-hidden="true">✓ </span>Completed
          </>
        ) : (
          `Watched ${percent} %`
        )}
      </span>
    </div>
  );
}
