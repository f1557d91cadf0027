import {
  ANNOUNCEMENT_ROLE_LABELS,
  ANNOUNCEMENT_STATUS_LABELS,
  type Announcement,
} from '../../../../shared/contracts/announcements.ts';
import { formatDate } from '../../../lib/format.ts';

/** Who an announcement reaches, in words. */
export function audienceText(a: Announcement): string {
  const schools = a.schools.map((s) => s.name).join(', ');
  if (a.audience === 'schools') return schools;
  if (a.audience === 'role') {
    const role = a.role ? ANNOUNCEMENT_ROLE_LABELS[a.role] : 'Everyone';
    return schools ? `${role} of ${schools}` : role;
  }
  // A teacher's "everyone" is the students of their schools.
  return schools ? `Students of ${schools}` : 'Everyone';
}

const STATUS_BADGES = {
  scheduled: 'badge--warning',
  published: 'badge--success',
  expired: 'badge--info',
} as const;

export function AnnouncementsTable({
  items,
  onEdit,
  onDelete,
}: {
  items: readonly Announcement[];
  onEdit: (a: Announcement) => void;
  onDelete: (a: Announcement) => void;
}) {
  return (
    <div className="bo-table-wrap">
      <table className="bo-table">
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Audience</th>
            <th scope="col">Status</th>
            <th scope="col">Publish time</th>
            <th scope="col">Author</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((a) => (
            <tr key={a.id}>
              <td className="announcements__title-cell">{a.title}</td>
              <td>{audienceText(a)}</td>
              <td>
                <span className={`badge ${STATUS_BADGES[a.status]}`}>
                  {ANNOUNCEMENT_STATUS_LABELS[a.status]}
                </span>
              </td>
              <td className="bo-table__muted">
                {formatDate(a.publish_at)}
                {a.expires_at && (
                  <>
                    <br />
                    until {formatDate(a.expires_at)}
                  </>
                )}
              </td>
              <td className="bo-table__muted">{a.author_name ?? 'A former user'}</td>
              <td>
                {a.can_edit && (
                  <span className="announcements__actions">
                    <button
                      type="button"
                      className="button button--small button--secondary"
                      aria-label={`Edit “${a.title}”`}
                      onClick={() => onEdit(a)}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="button button--small bo-danger"
                      aria-label={`Delete “${a.title}”`}
                      onClick={() => onDelete(a)}
                    >
                      Delete
                    </button>
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
