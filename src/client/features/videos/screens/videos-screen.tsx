import { Link } from 'react-router-dom';
import { WATCHED_FRACTION } from '../../../../shared/contracts/content.ts';
import { PageTitle } from '../../../shell/page-title.tsx';
import { usePageReady } from '../../../shell/page-load.tsx';
import { PATHS } from '../../../shell/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Loading } from '../../../components/loading.tsx';
import { OfflineStamp } from '../../../components/offline-stamp.tsx';
import { SavedOfflineBadge } from '../../../components/saved-offline-badge.tsx';
import { offlineKeys } from '../../../lib/offline-content.ts';
import { useSavedOfflineKeys } from '../../../lib/use-offline-item.ts';
import { formatDuration } from '../../content/index.ts';
import { ContinueWatching } from '../components/continue-watching.tsx';
import { WatchedStatus } from '../components/watched-status.tsx';
import { useVideos } from '../use-videos.ts';
import '../videos.css';

/** Every published video for the student's school, with how much of each they watched. */
export default function VideosScreen() {
  const list = useVideos();
  const saved = useSavedOfflineKeys();
  usePageReady({ loading: list.loading && !list.data, error: list.error });
  return (
    <div className="screen videos">
      <PageTitle>Videos</PageTitle>
      <OfflineStamp updatedAt={list.updatedAt} saved={list.saved} />
      {!list.data ? (
        <Loading variant="centered" />
      ) : list.data.length === 0 ? (
        <EmptyState title="No videos yet" text="Videos for your school will appear here once published." />
      ) : (
        <>
          <ContinueWatching videos={list.data} />
          <ul className="videos__list" aria-label="All videos">
            {list.data.map((v) => (
              <li key={v.id}>
                <Link className="card video-card" to={PATHS.video(v.id)}>
                  <span className="video-card__poster">
                    {v.poster_url ? (
                      <img src={v.poster_url} alt="" loading="lazy" />
                    ) : (
                      <span aria-hidden="true">▶</span>
                    )}
                    {v.duration_seconds !== null && (
                      <span className="video-card__duration">{formatDuration(v.duration_seconds)}</span>
                    )}
                  </span>
                  <span className="video-card__title">{v.title}</span>
                  <SavedOfflineBadge saved={saved.has(offlineKeys.video(v.id))} />
                  {v.summary && <span className="video-card__summary">{v.summary}</span>}
                  {v.external ? (
                    <span className="video-card__muted">On another site · progress not tracked</span>
                  ) : (
                    <WatchedStatus
                      compact
                      fraction={v.progress.fraction}
                      completed={v.progress.completed_at !== null || v.progress.fraction >= WATCHED_FRACTION}
                    />
                  )}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
