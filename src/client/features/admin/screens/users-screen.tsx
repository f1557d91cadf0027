import { ComingSoon } from '../../../app/coming-soon.tsx';

export default function UsersScreen() {
  return <ComingSoon text="The users of your schools will be listed here, with search and filters." />;
}
