import { useNavigate } from 'react-router-dom';
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
        {user && <span className="top-bar__greeting">{TEXTS.greeting + user.full_name}</span>}
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
