import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LIVE_LIMITS, type LiveSession } from '../../../../shared/contracts/live.ts';
import { usePageReady } from '../../../shell/page-load.tsx';
import { PageTitle } from '../../../shell/page-title.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { OfflineStamp } from '../../../components/offline-stamp.tsx';
import { ListBody } from '../../../components/list-kit/list-body.tsx';
import { useAuth } from '../../../shell/session.ts';
import { phaseOf, SessionCard, type Phase } from '../components/session-card.tsx';
import { ThreadView } from '../components/thread-view.tsx';
import { useLiveDetail, useLiveList, useServerNow } from '../use-live.ts';
import '../live.css';

function sessionParam(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * Live Discussions: the sessions of the student's school (or of every school) as Live now, Upcoming with a
 * countdown, and Past. A session's thread opens here too (?session=id): the spec has no route of its own.
 */
export default function LiveDiscussionsScreen() {
  const [params] = useSearchParams();
  const selected = sessionParam(params.get('session'));
  return (
    <div className="screen live">
      <PageTitle>Live Discussions</PageTitle>
      {selected === null ? <SessionList /> : <SessionThread key={selected} id={selected} />}
    </div>
  );
}

const SECTIONS: Array<{ phase: Phase; title: string; empty: string }> = [
  { phase: 'live', title: 'Live now', empty: '' },
  { phase: 'upcoming', title: 'Upcoming', empty: 'No sessions are scheduled yet.' },
  { phase: 'past', title: 'Past', empty: 'No sessions have taken place yet.' },
];

function SessionList() {
  const list = useLiveList();
  usePageReady({ loading: list.loading && !list.data, error: list.data ? null : list.error });
  // Every second: the countdown shows seconds in its last ten minutes, and a session moves to Live on time.
  const now = useServerNow(list.data?.offset ?? 0, 1000);
  const sessions = list.data?.data ?? [];

  // The meeting link is given from 15 minutes before the start: ask again when a session crosses that line.
  const nextChange = nextBoundary(sessions, now);
  const { reload } = list;
  useEffect(() => {
    if (nextChange === null) return;
    const timer = setTimeout(reload, nextChange - now + 1000);
    return () => clearTimeout(timer);
    // Only a new boundary re-arms the timer, not each tick.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [nextChange, reload]);

  return (
    <>
      <OfflineStamp updatedAt={list.updatedAt} saved={list.saved} />
      <ListBody
        load={list}
        isEmpty={(data) => data.data.length === 0}
        empty={
          <EmptyState
            title="No live discussions yet"
            text="When your teachers schedule a live discussion, it appears here with a countdown and a way to join."
          />
        }
      >
        {() =>
          SECTIONS.map(({ phase, title, empty }) => {
            const inPhase = sessions.filter((s) => phaseOf(s, now) === phase);
            if (!inPhase.length && !empty) return null;
            const headingId = `live-section-${phase}`;
            return (
              <section key={phase} className="live-section" aria-labelledby={headingId}>
                <h2 id={headingId} className="live-section__title">
                  {title}
                </h2>
                {inPhase.length ? (
                  <ul className="live-cards">
                    {inPhase.map((s) => (
                      <SessionCard key={s.id} session={s} now={now} />
                    ))}
                  </ul>
                ) : (
                  <p className="live-section__empty">{empty}</p>
                )}
              </section>
            );
          })
        }
      </ListBody>
    </>
  );
}

/** The next moment a session's link should appear (15 minutes before its start), if one is within a day. */
function nextBoundary(sessions: LiveSession[], now: number): number | null {
  const times = sessions
    .map((s) => Date.parse(s.starts_at) - LIVE_LIMITS.openBeforeMinutes * 60_000)
    .filter((t) => t > now && t - now < 86_400_000);
  return times.length ? Math.min(...times) : null;
}

function SessionThread({ id }: { id: number }) {
  const detail = useLiveDetail(id);
  const { user } = useAuth();
  usePageReady({ loading: detail.loading && !detail.data, error: null });
  // The thread is shown once both the session and who reads it are known.
  const thread = detail.data && user ? { detail: detail.data, userId: user.id } : undefined;
  return (
    <ListBody load={{ data: thread, error: detail.error, reload: detail.reload }}>
      {(props) => <ThreadView {...props} />}
    </ListBody>
  );
}
