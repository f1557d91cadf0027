import { useId } from 'react';
import type { CurrentAnnouncement } from '../../../../shared/contracts/announcements.ts';
import { RichHtml } from '../../../components/rich-html.tsx';
import { formatDate } from '../../../lib/format.ts';
import '../announcements.css';

/**
 * The student dashboard's announcements, loaded by useCurrentAnnouncements: published, not expired, meant for
 * the reader, one line each (tapped, the whole message). Each can be dismissed on this device. Nothing at all
 * is shown when there is none (or the list cannot be loaded, e.g. offline).
 */
export function AnnouncementCards({
  visible,
  dismiss,
}: {
  visible: readonly CurrentAnnouncement[];
  dismiss: (id: number) => void;
}) {
  const id = useId();
  if (visible.length === 0) return null;
  return (
    <section className="card dashboard__section announcements-current" aria-labelledby={id}>
      <h2 id={id} className="card__title">
        Announcements
      </h2>
      <ul className="announcements-current__list">
        {visible.map((a) => (
          <li key={a.id} className="announcements-current__item">
            {/* One line each until tapped: a long announcement must not fill a phone's first screen. */}
            <details className="announcements-current__details">
              <summary className="announcements-current__summary">
                <h3 className="announcements-current__title">{a.title}</h3>
              </summary>
              <p className="announcements-current__meta">
                {formatDate(a.published_at)}
                {a.author_name && <> · {a.author_name}</>}
              </p>
              <RichHtml html={a.body} className="bo-rich announcements-current__body" />
              <button
                type="button"
                className="button button--small button--secondary"
                aria-label={`Dismiss “${a.title}”`}
                onClick={() => dismiss(a.id)}
              >
                Dismiss
              </button>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
