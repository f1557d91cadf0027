import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { TEXTS } from '../../../shared/constants.ts';
import { confirmDialog } from '../../components/dialogs.tsx';
import { logout } from '../../features/auth/auth.store.ts';
import { PATHS } from '../../shell/paths.ts';

/** Logout has no route (spec 2.6): confirm, log out, then go to /login. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    if (!(await confirmDialog(TEXTS.logoutConfirm))) return;
    await logout();
    await navigate(PATHS.login, { replace: true });
  }, [navigate]);
}
