import { ComingSoon } from '../../../app/coming-soon.tsx';

export default function AdminDashboardScreen() {
  return (
    <ComingSoon text="An overview of users, activity and content for your schools will be shown here." />
  );
}
