import { NavLink } from 'react-router-dom';
import { APP_NAME } from '../../../shared/constants.ts';
import { CloseIcon } from './icons.tsx';
import { useLogout } from './use-logout.ts';

export type MenuEntry = { to: string; label: string };
export type MenuGroup = { label?: string; entries: readonly MenuEntry[]; withLogout?: boolean };

export const SIDEBAR_ID = 'main-menu';

type SidebarProps = {
  groups: readonly MenuGroup[];
  open: boolean;
  /** Narrow screens: the sidebar overlays the page, has its own close button and closes after a link. */
  narrow: boolean;
  onClose: () => void;
};

/** The menu frame both sidebars share: brand, link groups, Logout. */
export function Sidebar({ groups, open, narrow, onClose }: SidebarProps) {
  const logout = useLogout();
  const afterLink = narrow ? onClose : undefined;
  return (
    <nav
      id={SIDEBAR_ID}
      aria-label="Main menu"
      className={`sidebar${narrow ? ' sidebar--overlay' : ''}`}
      hidden={!open}
    >
      <div className="sidebar__head">
        <span className="sidebar__brand">{APP_NAME}</span>
        {narrow && (
          <button
            type="button"
            className="icon-button sidebar__close"
            aria-label="Close menu"
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        )}
      </div>
      {groups.map((group, index) => (
        <div className="sidebar__group" key={group.label ?? index}>
          {group.label && <p className="sidebar__group-label">{group.label}</p>}
          <ul className="sidebar__list">
            {group.entries.map((entry) => (
              <li key={entry.to}>
                <NavLink
                  to={entry.to}
                  // "/" only matches itself; every other link also matches the paths beneath it (spec 2.6).
                  end={entry.to === '/'}
                  className={({ isActive }) => `sidebar__link${isActive ? ' sidebar__link--active' : ''}`}
                  onClick={afterLink}
                >
                  {entry.label}
                </NavLink>
              </li>
            ))}
            {group.withLogout && (
              <li>
                <button type="button" className="sidebar__link sidebar__logout" onClick={() => void logout()}>
                  Logout
                </button>
              </li>
            )}
          </ul>
        </div>
      ))}
    </nav>
  );
}
