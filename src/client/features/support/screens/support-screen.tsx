import { ComingSoon } from '../../../app/coming-soon.tsx';

export default function SupportScreen() {
  return (
    <ComingSoon text="Ways to get help from your school and the Pathbuilder team will be listed here." />
  );
}
