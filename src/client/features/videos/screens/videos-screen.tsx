import { ComingSoon } from '../../../app/coming-soon.tsx';

export default function VideosScreen() {
  return <ComingSoon text="Videos for each topic, with where you left off, will be listed here." />;
}
