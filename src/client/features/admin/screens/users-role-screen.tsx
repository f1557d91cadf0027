import { ComingSoon } from '../../../app/coming-soon.tsx';

export default function UsersRoleScreen() {
  return <ComingSoon text="Admins will grant and remove the teacher and admin roles here." />;
}
