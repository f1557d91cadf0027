import { ComingSoon } from '../../../app/coming-soon.tsx';

export default function ResourcesScreen() {
  return <ComingSoon text="Reading material and files shared by your teachers will be gathered here." />;
}
