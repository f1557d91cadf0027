import { ComingSoon } from '../../../app/coming-soon.tsx';

export default function TestYourselfScreen() {
  return (
    <ComingSoon text="You will pick subjects and topics here and get a practice quiz with feedback after each answer." />
  );
}
