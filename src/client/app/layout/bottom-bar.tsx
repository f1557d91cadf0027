import { NavLink } from 'react-router-dom';
import type { User } from '../../../shared/contracts/auth.ts';
import { PATHS } from '../../shell/paths.ts';
import { roleOf } from '../../shell/session.ts';
import './bottom-bar.css';

// Small inline icons, drawn like the top bar's (icons.tsx): no icon font for four glyphs.
const common = {
  width: 22,
  height: 22,
  viewBox: '0 0 24 24',
  'aria-hidden': true,
  focusable: false,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: '2',
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

const ICONS = {
  home: <path d="M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />,
  path: <path d="M6 19a2 2 0 1 0 0-.01M18 5a2 2 0 1 0 0-.01M6 17V9a4 4 0 0 1 4-4h6M18 7v8a4 4 0 0 1-4 4H8" />,
  practice: <path d="M9 11l3 3 8-8M20 12v7a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h11" />,
  results: <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />,
} as const;

/** The phone bar's entries, each a route of the spec (2.2) the sidebar does not list but a student uses daily. */
export const BOTTOM_BAR: ReadonlyArray<{ to: string; label: string; icon: keyof typeof ICONS }> = [
  { to: PATHS.dashboard, label: 'Home', icon: 'home' },
  { to: PATHS.learningPathway, label: 'My path', icon: 'path' },
  { to: PATHS.testYourself, label: 'Practice', icon: 'practice' },
  { to: PATHS.learningProfile, label: 'Results', icon: 'results' },
];

/** Shown to a student whose menu is open (spec 2.6: the diagnostic taken), on a screen too narrow for the sidebar. */
export function showsBottomBar(
  user: Pick<User, 'is_admin' | 'is_teacher' | 'taken_diagnostics'> | null,
  wide: boolean,
): boolean {
  return !wide && roleOf(user) === 'student' && user?.taken_diagnostics === 1;
}

/**
 * A phone's way to the core screens with one thumb, beside the spec's sidebar (which stays as it is, behind
 * the menu button): below 992 px the sidebar starts closed, so without this bar the pathway, practice and
 * results were two taps and a scroll away.
 */
export function BottomBar() {
  return (
    <nav className="bottom-bar" aria-label="Quick links">
      <ul className="bottom-bar__list">
        {BOTTOM_BAR.map((entry) => (
          <li key={entry.to}>
            <NavLink
              to={entry.to}
              end={entry.to === PATHS.dashboard}
              className={({ isActive }) => `bottom-bar__link${isActive ? ' bottom-bar__link--active' : ''}`}
            >
              <svg {...common}>{ICONS[entry.icon]}</svg>
              <span>{entry.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
