/** Move up / move down / remove buttons for one row of an editable list; `name` says which row. */
export function ListButtons({
  name,
  index,
  count,
  min,
  onMove,
  onRemove,
}: {
  name: string;
  index: number;
  count: number;
  /** The list may not get shorter than this. */
  min: number;
  onMove?: (step: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <div className="bo-row__buttons">
      {onMove && (
        <>
          <button
            type="button"
            className="bo-icon-button"
            aria-label={`Move ${name} up`}
            title="Move up"
            disabled={index === 0}
            onClick={() => onMove(-1)}
          >
            <span aria-hidden="true">↑</span>
          </button>
          <button
            type="button"
            className="bo-icon-button"
            aria-label={`Move ${name} down`}
            title="Move down"
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            <span aria-hidden="true">↓</span>
          </button>
        </>
      )}
      <button
        type="button"
        className="bo-icon-button bo-icon-button--danger"
        aria-label={`Remove ${name}`}
        title="Remove"
        disabled={count <= min}
        onClick={onRemove}
      >
        <span aria-hidden="true">✕</span>
      </button>
    </div>
  );
}

/** Messages for a whole list (e.g. "Every option must be different."), shown above its rows. */
export function GroupErrors({ messages }: { messages: string[] }) {
  if (!messages.length) return null;
  return (
    <div role="alert">
      <ul className="field__errors content-editor__errors">
        {messages.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </div>
  );
}
