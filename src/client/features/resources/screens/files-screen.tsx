import { ComingSoon } from '../../../app/coming-soon.tsx';

export default function FilesScreen() {
  return <ComingSoon text="The files of a resource will be listed here, ready to open or download." />;
}
