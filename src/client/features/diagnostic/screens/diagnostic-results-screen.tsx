import { ComingSoon } from '../../../app/coming-soon.tsx';

export default function DiagnosticResultsScreen() {
  return <ComingSoon text="The results of your diagnostic test, topic by topic, will be shown here." />;
}
