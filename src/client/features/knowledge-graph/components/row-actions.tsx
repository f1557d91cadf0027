/** Rename / move / delete buttons of one tree row; the names say which item they act on. */
export function RowActions({
  name,
  index,
  count,
  busy,
  editLabel = 'Rename',
  onEdit,
  onMove,
  onDelete,
}: {
  name: string;
  index: number;
  count: number;
  busy: boolean;
  editLabel?: string;
  onEdit: () => void;
  onMove: (step: -1 | 1) => void;
  onDelete: () => void;
}) {
  return (
    <div className="kg-row-actions">
      <button
        type="button"
        className="button button--small button--secondary"
        aria-label={`${editLabel} ${name}`}
        onClick={onEdit}
      >
        {editLabel}
      </button>
      <button
        type="button"
        className="bo-icon-button"
        aria-label={`Move ${name} up`}
        title="Move up"
        disabled={busy || index === 0}
        onClick={() => onMove(-1)}
      >
        <span aria-hidden="true">↑</span>
      </button>
      <button
        type="button"
        className="bo-icon-button"
        aria-label={`Move ${name} down`}
        title="Move down"
        disabled={busy || index === count - 1}
        onClick={() => onMove(1)}
      >
        <span aria-hidden="true">↓</span>
      </button>
      <button
        type="button"
        className="bo-icon-button bo-icon-button--danger"
        aria-label={`Delete ${name}`}
        title="Delete"
        disabled={busy}
        onClick={onDelete}
      >
        <span aria-hidden="true">✕</span>
      </button>
    </div>
  );
}
