import { Link, useNavigate } from 'react-router-dom';
import { TEXTS } from '../../../shared/constants.ts';
import type { User } from '../../../shared/contracts/auth.ts';
import { roleOf } from '../../features/auth/auth.store.ts';
import { PATHS } from '../paths.ts';
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
        {/* The greeting opens the own Account (and from there Settings): the way for staff, whose menus
            (spec 2.7) have no Account entry, and a shortcut for everyone else. */}
        {user && (
          <Link className="top-bar__greeting" to={PATHS.accounts} title="Your account and settings">
            {TEXTS.greeting + user.full_name}
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
