import { Link } from 'react-router-dom';
import { PATHS } from '../../../shell/paths.ts';
import { useMyRanking } from '../use-my-ranking.ts';

/**
 * "Where I stand": the student's place by progress among their school's students, with a few places either
 * side. Secondary to the record, so a failure here shows nothing rather than a reload notice.
 */
export function RankingBoard() {
  const { data } = useMyRanking();
  if (!data) return null;
  return (
    <section className="card profile-record__board" aria-labelledby="record-board-title">
      <h2 id="record-board-title" className="card__title">
        Where I stand
      </h2>
      {!data.visible ? (
        <p className="profile-record__muted">
          You chose not to appear in rankings. <Link to={PATHS.settings}>Settings</Link> can change that.
        </p>
      ) : data.rank === null ? (
        <p className="profile-record__muted">Your place appears here once you belong to a school.</p>
      ) : (
        <>
          <p>
            Place <strong>{data.rank}</strong> of {data.total} at {data.school_name ?? 'your school'}, by the
            share of topics mastered.
          </p>
          <ol className="profile-record__board-list">
            {data.rows.map((r) => (
              <li
                key={`${r.rank}-${r.name}`}
                className={r.me ? 'profile-record__board-me' : undefined}
                aria-current={r.me ? 'true' : undefined}
              >
                <span className="profile-record__board-rank">{r.rank}.</span>
                <span>{r.name}</span>
                <span className="profile-record__board-value">{r.progress}%</span>
              </li>
            ))}
          </ol>
          <p className="profile-record__muted">
            Prefer not to be listed? Turn rankings off in <Link to={PATHS.settings}>Settings</Link>.
          </p>
        </>
      )}
    </section>
  );
}
