import { ComingSoon } from '../../../app/coming-soon.tsx';

export default function LiveDiscussionsScreen() {
  return (
    <ComingSoon text="Live discussions with your teachers and classmates will be listed here, ready to join." />
  );
}
