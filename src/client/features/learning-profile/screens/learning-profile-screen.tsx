import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { LearningProfile, ProfileSubject } from '../../../../shared/contracts/learning.ts';
import { usePageReady } from '../../../shell/page-load.tsx';
import { PATHS } from '../../../shell/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { OfflineStamp } from '../../../components/offline-stamp.tsx';
import { useLoad } from '../../../lib/use-async.ts';
import { fetchUsers } from '../../users/index.ts';
import {
  MasteryBar,
  MasteryHistoryChart,
  fetchMyProfile,
  fetchStudentProfile,
  formatDateTime,
  LEVEL_LABELS,
  masteredText,
  percentOf,
} from '../../learning/index.ts';
import '../../../components/styles/learning.css';
import { AssignPractice } from '../components/assign-practice.tsx';
import { PageTitle } from '../../../shell/page-title.tsx';

/**
 * `staff`: the back-office route (/admin/learning-profile/{id?}), where `id` names the learner; without one,
 * staff choose a student first.
 */
export type LearningProfileScreenProps = { id?: string; staff?: boolean };

export default function LearningProfileScreen({ id, staff = false }: LearningProfileScreenProps) {
  if (staff && id === undefined) return <StudentPicker />;
  return <ProfileLoader id={id} />;
}

function ProfileLoader({ id }: { id: string | undefined }) {
  const studentId = id === undefined ? undefined : Number(id);
  const load = useCallback(
    (signal: AbortSignal) =>
      studentId === undefined ? fetchMyProfile(signal) : fetchStudentProfile(studentId, signal),
    [studentId],
  );
  const state = useLoad(id !== undefined && !Number.isInteger(studentId) ? null : load);
  usePageReady({ loading: state.loading && !state.data, error: state.data ? null : state.error });
  if (id !== undefined && !Number.isInteger(studentId))
    return (
      <EmptyState title="No such student" text="Open a student's learning profile from Manage Users.">
        <Link className="button button--secondary" to={PATHS.adminUsers}>
          Manage Users
        </Link>
      </EmptyState>
    );
  const profile = state.data;
  if (!profile) return null;
  return (
    <Profile profile={profile} staff={id !== undefined} updatedAt={state.updatedAt} saved={state.saved} />
  );
}

function Profile({
  profile,
  staff,
  updatedAt,
  saved,
}: {
  profile: LearningProfile;
  staff: boolean;
  updatedAt: number | undefined;
  saved: boolean;
}) {
  const due = profile.subjects.flatMap((s) =>
    s.sub_topics.flatMap((t) =>
      t.micro_topics.filter((m) => m.due_for_recheck).map((m) => ({ ...m, sub: t.name })),
    ),
  );
  const assessed = profile.subjects.some((s) =>
    s.sub_topics.some((t) => t.micro_topics.some((m) => m.evidence > 0)),
  );
  return (
    <div className="screen learning-profile">
      <header className="screen-header">
        <PageTitle>{staff ? `Learning Profile: ${profile.student.full_name}` : 'Learning Profile'}</PageTitle>
      </header>
      <OfflineStamp updatedAt={updatedAt} saved={saved} />

      <section className="card learning-summary" aria-labelledby="profile-overall">
        <h2 id="profile-overall" className="card__title">
          {staff ? 'Where they stand' : 'Where you stand'}
        </h2>
        <p className="learning-summary__big">
          {masteredText(profile.overall.mastered, profile.overall.total)}
        </p>
        <MasteryBar value={share(profile.overall)} label="Mastered" />
        {!assessed && (
          <p className="learning-muted">
            {staff
              ? 'No answers yet: the estimates start once they take the diagnostic or a quiz.'
              : 'No answers yet: your estimates start once you take the diagnostic or a quiz.'}
          </p>
        )}
        <MasteryHistoryChart history={profile.history} total={profile.overall.total} />
      </section>

      {due.length > 0 && (
        <section className="card" aria-labelledby="profile-due">
          <h2 id="profile-due" className="card__title">
            Due for a re-check
          </h2>
          <p className="learning-muted">
            Mastered a while ago; a short quiz or a Test Yourself keeps them fresh.
          </p>
          <ul className="learning-list">
            {due.map((m) => (
              <li key={m.id}>
                <span>{m.name}</span> <span className="learning-muted">· {m.sub}</span>
              </li>
            ))}
          </ul>
          {!staff && (
            <Link className="button button--secondary button--small" to={PATHS.learningPathway}>
              Open your pathway
            </Link>
          )}
        </section>
      )}

      {staff && <AssignPractice profile={profile} />}

      <section aria-labelledby="profile-subjects">
        <h2 id="profile-subjects" className="learning-section-title">
          By subject
        </h2>
        {profile.subjects.map((s) => (
          <SubjectCard key={s.id} subject={s} />
        ))}
      </section>

      <section className="card" aria-labelledby="profile-attempts">
        <h2 id="profile-attempts" className="card__title">
          Latest attempts
        </h2>
        {profile.last_attempts.length === 0 ? (
          <p className="learning-muted">None yet.</p>
        ) : (
          <ul className="learning-list">
            {profile.last_attempts.map((a) => (
              <li key={a.id}>
                <Link to={staff ? PATHS.quizAnalysis(a.id) : PATHS.quizResult(a.id)}>{a.title}</Link>{' '}
                <span className="learning-muted">
                  · {formatDateTime(a.submitted_at)}
                  {a.percent !== null && ` · ${a.percent}%`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The bars show the share of topics mastered: plainer than an average of estimates. */
const share = (n: { mastered: number; total: number }) => (n.total ? n.mastered / n.total : 0);

/** A subject: its bar, and its sub topics to open, each listing its micro topics with where they stand. */
function SubjectCard({ subject }: { subject: ProfileSubject }) {
  return (
    <section className="card learning-subject" aria-labelledby={`subject-${subject.id}`}>
      <h3 id={`subject-${subject.id}`} className="card__title">
        {subject.name}
      </h3>
      <MasteryBar value={share(subject)} label={masteredText(subject.mastered, subject.total)} />
      {subject.sub_topics.map((t) => (
        <details key={t.id} className="learning-subtopic">
          <summary>
            <MasteryBar value={share(t)} label={`${t.name} (${t.mastered} of ${t.total})`} />
          </summary>
          <ul className="learning-topics">
            {t.micro_topics.map((m) => (
              <li key={m.id} className={`learning-topic learning-topic--${m.level}`}>
                <span className="learning-topic__name">{m.name}</span>
                <span className="learning-topic__level">
                  {LEVEL_LABELS[m.level]}
                  {m.level !== 'unknown' && ` · ${percentOf(m.mastery)}`}
                  {m.due_for_recheck && ' · due for a re-check'}
                </span>
              </li>
            ))}
          </ul>
        </details>
      ))}
    </section>
  );
}

/** Staff without a learner in the address: search their students by name or e-mail. */
function StudentPicker() {
  const [search, setSearch] = useState('');
  // Asks once typing pauses, not on every key.
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);
  const load = useCallback(
    (signal: AbortSignal) => fetchUsers({ role: 'student', search: query || undefined }, 1, 20, signal),
    [query],
  );
  const state = useLoad(load);
  usePageReady({ loading: false, error: null });
  return (
    <div className="screen learning-profile">
      <header className="screen-header">
        <PageTitle>Learning Profile</PageTitle>
      </header>
      <section className="card" aria-labelledby="pick-student">
        <h2 id="pick-student" className="card__title">
          Choose a student
        </h2>
        <label className="field">
          <span className="field__label">Name or e-mail</span>
          <input
            className="field__input"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </label>
        {state.data && state.data.data.length === 0 && <p className="learning-muted">No student matches.</p>}
        <ul className="learning-list">
          {state.data?.data.map((u) => (
            <li key={u.id}>
              <Link to={PATHS.adminLearningProfile(u.id)}>{u.full_name}</Link>{' '}
              <span className="learning-muted">· {u.school_name ?? 'No school'}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
