import { ComingSoon } from '../../../app/coming-soon.tsx';

export default function LecturesScreen() {
  return (
    <ComingSoon text="Lectures for each topic, with their notes and attachments, will be listed here." />
  );
}
