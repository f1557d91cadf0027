import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { LectureSummary } from '../../../../shared/contracts/content.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { SavedOfflineBadge } from '../../../components/saved-offline-badge.tsx';
import { offlineKeys } from '../../../lib/offline-content.ts';
import { useSavedOfflineKeys } from '../../../lib/use-offline-item.ts';

type Group = { id: number; name: string; subjectId: number; subjectName: string; lectures: LectureSummary[] };

/** Lectures grouped by the sub topics they teach (a lecture on two sub topics shows under both). */
function groupsOf(lectures: LectureSummary[]): Group[] {
  const groups = new Map<number, Group>();
  for (const lecture of lectures) {
    const seen = new Set<number>();
    for (const t of lecture.topics) {
      if (seen.has(t.sub_topic_id)) continue;
      seen.add(t.sub_topic_id);
      const group = groups.get(t.sub_topic_id) ?? {
        id: t.sub_topic_id,
        name: t.sub_topic_name,
        subjectId: t.subject_id,
        subjectName: t.subject_name,
        lectures: [],
      };
      group.lectures.push(lecture);
      groups.set(t.sub_topic_id, group);
    }
    if (lecture.topics.length === 0) {
      const other = groups.get(0) ?? {
        id: 0,
        name: 'Other lectures',
        subjectId: 0,
        subjectName: '',
        lectures: [],
      };
      other.lectures.push(lecture);
      groups.set(0, other);
    }
  }
  return [...groups.values()].sort((a, b) => (a.id === 0 ? 1 : b.id === 0 ? -1 : 0));
}

/** Subject chips, then a sub-topic choice; the choice lives in the address, so Back keeps it. */
export function LectureBrowser({ lectures }: { lectures: LectureSummary[] }) {
  const [params, setParams] = useSearchParams();
  const subjectId = Number(params.get('subject')) || null;
  const subTopicId = Number(params.get('topic')) || null;
  const groups = useMemo(() => groupsOf(lectures), [lectures]);
  const saved = useSavedOfflineKeys();
  const subjects = useMemo(() => {
    const map = new Map<number, string>();
    for (const g of groups) if (g.subjectId) map.set(g.subjectId, g.subjectName);
    return [...map.entries()];
  }, [groups]);
  const inSubject = groups.filter((g) => subjectId === null || g.subjectId === subjectId);
  const shown = inSubject.filter((g) => subTopicId === null || g.id === subTopicId);
  const read = lectures.filter((l) => l.read_at).length;

  const choose = (next: { subject?: number | null; topic?: number | null }) => {
    const out: Record<string, string> = {};
    const s = next.subject === undefined ? subjectId : next.subject;
    const t = next.topic === undefined ? subTopicId : next.topic;
    if (s) out.subject = String(s);
    if (t) out.topic = String(t);
    setParams(out, { replace: true });
  };

  if (lectures.length === 0)
    return (
      <EmptyState title="No lectures yet" text="Lectures for your school will appear here once published." />
    );

  return (
    <>
      <p className="lectures__progress">
        {read} of {lectures.length} lectures read
      </p>
      <div className="lectures__chips" role="group" aria-label="Subject">
        <button
          type="button"
          className="chip"
          aria-pressed={subjectId === null}
          onClick={() => choose({ subject: null, topic: null })}
        >
          All subjects
        </button>
        {subjects.map(([id, name]) => (
          <button
            key={id}
            type="button"
            className="chip"
            aria-pressed={subjectId === id}
            onClick={() => choose({ subject: id, topic: null })}
          >
            {name}
          </button>
        ))}
      </div>
      <div className="field lectures__topic">
        <label className="field__label" htmlFor="lecture-topic">
          Topic
        </label>
        <select
          id="lecture-topic"
          className="field__input"
          value={subTopicId ?? ''}
          onChange={(e) => choose({ topic: Number(e.target.value) || null })}
        >
          <option value="">All topics</option>
          {inSubject
            .filter((g) => g.id !== 0)
            .map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
        </select>
      </div>
      {shown.map((g) => (
        <section key={g.id} className="lectures__group" aria-labelledby={`lecture-group-${g.id}`}>
          <h2 id={`lecture-group-${g.id}`} className="lectures__group-title">
            {g.name}
            {g.subjectName && <span className="lectures__subject">{g.subjectName}</span>}
          </h2>
          <ul className="lectures__list">
            {g.lectures.map((l) => (
              <li key={l.id}>
                <Link className="card lecture-card" to={`?id=${l.id}`}>
                  <span className="lecture-card__title">{l.title}</span>
                  {l.summary && <span className="lecture-card__summary">{l.summary}</span>}
                  <span className="lecture-card__meta">
                    {l.read_at ? (
                      <span className="badge badge--success">
                        <span aria-hidden="true">✓ </span>Read
                      </span>
                    ) : (
                      <span className="badge badge--info">Unread</span>
                    )}{' '}
                    <SavedOfflineBadge saved={saved.has(offlineKeys.lecture(l.id))} />
                    {l.attachment_count > 0 &&
                      ` · ${l.attachment_count} attachment${l.attachment_count === 1 ? '' : 's'}`}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
