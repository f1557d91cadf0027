/** How many pages `total` rows fill at `perPage` a page (at least one, so "page 1 of 1" reads right). */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/**
 * Previous / next through a paginated list, with where we are: "26–50 of 80 · page 2 of 4". The caller names
 * the classes, so each screen keeps its look (`bo-pager`, `users-pager`, `report__pager`).
 */
export function Pager({
  page,
  perPage,
  total,
  label,
  onPage,
  className = 'bo-pager',
  buttonsClassName = `${className}__buttons`,
}: {
  page: number;
  perPage: number;
  total: number;
  /** The list's name: the landmark is "<label> pages". */
  label: string;
  onPage: (page: number) => void;
  className?: string;
  buttonsClassName?: string;
}) {
  const pages = pageCount(total, perPage);
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);
  return (
    <nav className={className} aria-label={`${label} pages`}>
      <span>
        {first}–{last} of {total} · page {page} of {pages}
      </span>
      <span className={buttonsClassName}>
        <button
          type="button"
          className="button button--small button--secondary"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          Previous page
        </button>
        <button
          type="button"
          className="button button--small button--secondary"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Next page
        </button>
      </span>
    </nav>
  );
}

/**
 * The short pager, "Previous · Page 2 of 3 · Next", drawn only when there is more than one page. `note` follows
 * the page count (" · 40 schools"); the audit log calls its buttons Newer and Older.
 */
export function StepPager({
  page,
  perPage,
  total,
  ariaLabel,
  className,
  onPage,
  note = '',
  previous = 'Previous',
  next = 'Next',
}: {
  page: number;
  perPage: number;
  total: number;
  ariaLabel: string;
  className: string;
  onPage: (page: number) => void;
  note?: string;
  previous?: string;
  next?: string;
}) {
  const pages = pageCount(total, perPage);
  if (pages <= 1) return null;
  return (
    <nav className={className} aria-label={ariaLabel}>
      <button
        type="button"
        className="button button--small button--secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {previous}
      </button>
      <span>
        Page {page} of {pages}
        {note}
      </span>
      <button
        type="button"
        className="button button--small button--secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {next}
      </button>
    </nav>
  );
}
