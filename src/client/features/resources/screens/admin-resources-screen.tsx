import { ComingSoon } from '../../../app/coming-soon.tsx';

export default function AdminResourcesScreen() {
  return <ComingSoon text="Files and reading material for students will be uploaded and organised here." />;
}
