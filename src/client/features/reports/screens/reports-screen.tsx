import { ComingSoon } from '../../../app/coming-soon.tsx';

export default function ReportsScreen() {
  return <ComingSoon text="Reports on progress and results, including rankings, will be shown here." />;
}
