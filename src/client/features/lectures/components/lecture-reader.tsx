import { Link } from 'react-router-dom';
import { API_BASE } from '../../../../shared/constants.ts';
import { CONTENT_PATHS } from '../../../../shared/api-paths.ts';
import { formatBytes } from '../../../../shared/contracts/files.ts';
import type { Lecture } from '../../../../shared/contracts/content.ts';
import { PageTitle } from '../../../shell/page-title.tsx';
import { PATHS } from '../../../shell/paths.ts';
import { AvailableOfflineButton } from '../../../components/available-offline-button.tsx';
import { RichHtml } from '../../../components/rich-html.tsx';
import { useReadTracker } from '../use-lectures.ts';
import { LectureNext } from './lecture-next.tsx';

/** One lecture in a clean reading column; it counts as read after a few seconds on screen. */
export function LectureReader({ lecture }: { lecture: Lecture }) {
  const readAt = useReadTracker(lecture.id, lecture.read_at);
  const subTopics = [...new Map(lecture.topics.map((t) => [t.sub_topic_id, t])).values()];
  return (
    <article className="lecture-reader">
      <Link className="lecture-reader__back" to={PATHS.lectures}>
        ← All lectures
      </Link>
      <p className="lecture-reader__topics">
        {subTopics.map((t) => `${t.subject_name} › ${t.sub_topic_name}`).join(' · ')}
      </p>
      <PageTitle className="lecture-reader__title">{lecture.title}</PageTitle>
      {lecture.summary && <p className="lecture-reader__summary">{lecture.summary}</p>}
      <p className="lecture-reader__state" role="status">
        {readAt ? (
          <span className="badge badge--success">
            <span aria-hidden="true">✓ </span>Read
          </span>
        ) : (
          <span className="badge badge--info">Unread</span>
        )}
      </p>
      <AvailableOfflineButton
        item={{
          key: `lecture:${lecture.id}`,
          kind: 'lecture',
          title: lecture.title,
          // The lecture's own answer and its attachments: the reading view opens from these with no network.
          urls: [`${API_BASE}${CONTENT_PATHS.lecture(lecture.id)}`, ...lecture.attachments.map((a) => a.url)],
          openPath: `${PATHS.lectures}?id=${lecture.id}`,
        }}
      />
      {/* Safe: the server keeps only what sanitizeRichText returns. */}
      <RichHtml className="lecture-reader__body" testId="lecture-body" html={lecture.body_html} />
      {lecture.attachments.length > 0 && (
        <section className="lecture-reader__attachments" aria-labelledby="lecture-attachments">
          <h2 id="lecture-attachments">Attachments</h2>
          <ul>
            {lecture.attachments.map((a) => (
              <li key={a.id}>
                <a href={a.url} target="_blank" rel="noopener noreferrer">
                  {a.name}
                </a>{' '}
                <span className="lecture-reader__size">{formatBytes(a.size)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {lecture.topics.length > 0 && (
        <p className="lecture-reader__micro">Covers: {lecture.topics.map((t) => t.name).join(', ')}</p>
      )}
      <LectureNext lecture={lecture} />
    </article>
  );
}
