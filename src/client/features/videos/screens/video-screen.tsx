import { Link } from 'react-router-dom';
import { API_BASE } from '../../../../shared/constants.ts';
import { CONTENT_PATHS } from '../../../../shared/api-paths.ts';
import { PageTitle } from '../../../shell/page-title.tsx';
import { usePageReady } from '../../../shell/page-load.tsx';
import { PATHS } from '../../../shell/paths.ts';
import { AvailableOfflineButton } from '../../../components/available-offline-button.tsx';
import { isNotFound, NotAvailable } from '../../../components/empty-state.tsx';
import { Loading } from '../../../components/loading.tsx';
import { RichHtml } from '../../../components/rich-html.tsx';
import { richTextToPlain } from '../../../../shared/rich-text.ts';
import { ExternalVideo, VideoPlayer } from '../components/video-player.tsx';
import { useVideo } from '../use-videos.ts';
import '../videos.css';

export type VideoScreenProps = { id: string };

/** `/video/{id}`: plays the video, resumes where the student left off, and records what was watched. */
export default function VideoScreen({ id }: VideoScreenProps) {
  const videoId = Number(id);
  const valid = Number.isInteger(videoId) && videoId > 0;
  const video = useVideo(valid ? videoId : 0);
  const missing = isNotFound(video.error);
  usePageReady({
    loading: valid && video.loading && !video.data,
    error: valid && !missing ? video.error : null,
  });
  if (!valid || missing)
    return <NotAvailable className="video-screen" noun="video" back={PATHS.videos} backLabel="All videos" />;
  const v = video.data;
  return (
    <div className="screen video-screen">
      <Link className="video-screen__back" to={PATHS.videos}>
        ← All videos
      </Link>
      {!v ? (
        <Loading variant="centered" />
      ) : (
        <>
          <PageTitle className="video-screen__title">{v.title}</PageTitle>
          {v.src ? <VideoPlayer key={v.id} video={{ ...v, src: v.src }} /> : <ExternalVideo video={v} />}
          {v.src && (
            <AvailableOfflineButton
              item={{
                key: `video:${v.id}`,
                kind: 'video',
                title: v.title,
                // Its answer (position, intervals), the file and the poster: it plays with no network.
                urls: [
                  `${API_BASE}${CONTENT_PATHS.video(v.id)}`,
                  v.src,
                  ...(v.poster_url ? [v.poster_url] : []),
                ],
                openPath: PATHS.video(v.id),
              }}
            />
          )}
          {v.summary && <p className="video-screen__summary">{v.summary}</p>}
          {/* Safe: the server keeps only what sanitizeRichText returns. */}
          {v.body_html && richTextToPlain(v.body_html) !== v.summary && (
            <RichHtml className="video-screen__body" html={v.body_html} />
          )}
          {v.topics.length > 0 && (
            <p className="video-screen__muted">Covers: {v.topics.map((t) => t.name).join(', ')}</p>
          )}
        </>
      )}
    </div>
  );
}
