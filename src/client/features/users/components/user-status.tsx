import type { AdminUser } from '../../../../shared/contracts/admin-users.ts';
import { confirmDialog } from '../../../components/dialogs.tsx';
import { showToast } from '../../../components/toast.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { useAction } from '../../../lib/use-async.ts';
import { setUserActive } from '../users.api.ts';

/** Deactivate (signs the user out everywhere at once) or reactivate, after a confirmation. */
export function UserStatus({ user, onChanged }: { user: AdminUser; onChanged: (user: AdminUser) => void }) {
  const action = useAction(setUserActive);
  const toggle = async () => {
    const question = user.is_active
      ? `Deactivate ${user.full_name}? They are signed out at once and cannot sign in until reactivated.`
      : `Reactivate ${user.full_name}? They can sign in again.`;
    if (!(await confirmDialog(question))) return;
    const result = await action.run(user.id, !user.is_active);
    if (result.ok) {
      onChanged(result.value);
      showToast({
        message: result.value.is_active
          ? `${result.value.full_name} is active again.`
          : `${result.value.full_name} is deactivated.`,
        type: 'success',
      });
    } else showToast({ message: errorMessage(result.error), type: 'error' });
  };
  return (
    <section className="card users-status" aria-label="Account status">
      <h2 className="card__title">Account status</h2>
      <p>
        {user.is_active ? 'Active' : 'Deactivated'} · e-mail{' '}
        {user.email_verified ? 'verified' : 'not verified'}
        {user.role === 'student' && ` · diagnostic ${user.taken_diagnostics === 1 ? 'taken' : 'not taken'}`}
      </p>
      <button
        type="button"
        className={user.is_active ? 'button users-danger' : 'button button--secondary'}
        disabled={action.pending}
        onClick={toggle}
      >
        {user.is_active ? 'Deactivate' : 'Reactivate'}
      </button>
    </section>
  );
}
