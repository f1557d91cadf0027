import { ComingSoon } from '../../../app/coming-soon.tsx';

export default function SchoolsScreen() {
  return <ComingSoon text="Schools and their locations will be listed and managed here." />;
}
