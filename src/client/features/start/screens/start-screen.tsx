import { ComingSoon } from '../../../app/coming-soon.tsx';

export default function StartScreen() {
  return (
    <ComingSoon text="The diagnostic test that finds what you already know, and unlocks the rest of the menu, will start here." />
  );
}
