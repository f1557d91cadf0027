import type { Video } from '../../../../shared/contracts/content.ts';
import { useWatchProgress } from '../use-watch-progress.ts';
import { WatchedStatus } from './watched-status.tsx';

/** An uploaded video: plays from its signed address, resumes, and records what is really watched. */
export function VideoPlayer({ video }: { video: Video & { src: string } }) {
  const { attach, fraction, completed } = useWatchProgress(video);
  return (
    <>
      <div className="video-frame">
        <video
          ref={attach}
          className="video-frame__media"
          src={video.src}
          poster={video.poster_url ?? undefined}
          controls
          playsInline
          preload="metadata"
          aria-label={video.title}
          data-testid="video-player"
        />
      </div>
      <WatchedStatus fraction={fraction} completed={completed} />
    </>
  );
}

/** A video on YouTube, Vimeo or another site: played there, so its progress is not tracked. */
export function ExternalVideo({ video }: { video: Video }) {
  return (
    <>
      {video.embed_url && (
        <div className="video-frame">
          <iframe
            className="video-frame__media"
            src={video.embed_url}
            title={video.title}
            allow="encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </div>
      )}
      <p className="video-screen__external">
        {video.external_url && (
          <a href={video.external_url} target="_blank" rel="noopener noreferrer">
            Open the video on its site
          </a>
        )}{' '}
        <span className="video-screen__muted">
          Progress is not tracked for videos played on another site.
        </span>
      </p>
    </>
  );
}
