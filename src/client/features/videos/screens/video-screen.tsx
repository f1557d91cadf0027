import { ComingSoon } from '../../../app/coming-soon.tsx';

export type VideoScreenProps = { id: string };

export default function VideoScreen(_props: VideoScreenProps) {
  return <ComingSoon text="This video will play here and remember where you left off." />;
}
