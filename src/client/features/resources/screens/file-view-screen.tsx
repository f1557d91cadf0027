import { ComingSoon } from '../../../app/coming-soon.tsx';

export default function FileViewScreen() {
  return <ComingSoon text="A file you open from Resources will be shown here." />;
}
