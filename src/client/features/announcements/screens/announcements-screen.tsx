import { ComingSoon } from '../../../app/coming-soon.tsx';

export default function AnnouncementsScreen() {
  return <ComingSoon text="Announcements to students and teachers will be written and scheduled here." />;
}
