import { Link, useNavigate } from 'react-router-dom';
import { TEXTS } from '../../../shared/constants.ts';
import type { User } from '../../../shared/contracts/auth.ts';
import { roleOf } from '../../shell/session.ts';
import { PATHS } from '../../shell/paths.ts';
import { ConnectionIndicator } from './connection-indicator.tsx';
import { GearIcon, MenuIcon } from './icons.tsx';
import { NotificationBell } from './notification-bell.tsx';
import { SIDEBAR_ID } from './sidebar.tsx';

type TopBarProps = { title: string; user: User | null; menuOpen: boolean; onToggleMenu: () => void };

export function TopBar({ title, user, menuOpen, onToggleMenu }: TopBarProps) {
  const navigate = useNavigate();
  const role = roleOf(user);
  return (
    <header className="top-bar">
      <button
        type="button"
        className="icon-button top-bar__menu"
        aria-label="Toggle menu"
        aria-expanded={menuOpen}
        aria-controls={SIDEBAR_ID}
        onClick={onToggleMenu}
      >
        <MenuIcon />
      </button>
      <h1 className="top-bar__title">{title}</h1>
      <div className="top-bar__end">
        <ConnectionIndicator />
        {/* The greeting opens the own Account (and from there Settings): the way for staff, whose menus
            (spec 2.7) have no Account entry, and a shortcut for everyone else. */}
        {user && (
          <Link className="top-bar__greeting" to={PATHS.accounts} title="Your account and settings">
            <Greeting name={user.full_name} />
          </Link>
        )}
        {role === 'admin' && <NotificationBell />}
        {(role === 'admin' || role === 'teacher') && (
          <button
            type="button"
            className="icon-button"
            aria-label="Admin"
            onClick={() => void navigate(PATHS.admin)}
          >
            <GearIcon />
          </button>
        )}
      </div>
    </header>
  );
}

/**
 * "Hi, name", shortening before the title does (the title says where you are): on a narrow screen the
 * family name goes first, then the first name is cut with an ellipsis.
 */
function Greeting({ name }: { name: string }) {
  const [first = name, ...rest] = name.trim().split(/\s+/);
  return (
    <>
      {TEXTS.greeting + first}
      {rest.length > 0 && (
        <>
          {' '}
          <span className="top-bar__greeting-rest">{rest.join(' ')}</span>
        </>
      )}
    </>
  );
}
