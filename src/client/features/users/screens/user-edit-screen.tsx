import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { AdminUser } from '../../../../shared/contracts/admin-users.ts';
import { usePageReady } from '../../../shell/page-load.tsx';
import { PATHS } from '../../../shell/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Loading } from '../../../components/loading.tsx';
import { showToast } from '../../../components/toast.tsx';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { useAction } from '../../../lib/use-async.ts';
import { roleOf, useAuth } from '../../../shell/session.ts';
import { UserForm, type UserFormBody } from '../components/user-form.tsx';
import { UserStatus } from '../components/user-status.tsx';
import { lastSyncedText } from '../components/users-table.tsx';
import { OfflineStamp } from '../../../components/offline-stamp.tsx';
import { createUser, updateUser } from '../users.api.ts';
import '../users.css';
import { usePlaces, useUser } from '../use-users.ts';
import { PageTitle } from '../../../shell/page-title.tsx';

/** Without `id` the screen creates a new user. */
export type UserEditScreenProps = { id?: string };

export default function UserEditScreen({ id }: UserEditScreenProps) {
  const numericId = id === undefined ? null : Number(id);
  const { user: me } = useAuth();
  const isAdmin = roleOf(me) === 'admin';
  const loaded = useUser(numericId);
  const places = usePlaces(isAdmin);
  const [saved, setSaved] = useState<AdminUser | null>(null);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const navigate = useNavigate();
  const user = saved?.id === numericId ? saved : loaded.data;
  const loading = (numericId !== null && loaded.loading && !loaded.data) || (places.loading && !places.data);
  const error = loaded.error ?? places.error;
  usePageReady({ loading, error });

  const save = useAction(async (body: UserFormBody) =>
    numericId === null
      ? { user: await createUser(body), pending_email: null }
      : updateUser(numericId, {
          full_name: body.full_name,
          email: body.email,
          location_id: body.location_id,
          school_id: body.school_id,
          ...(body.time_multiplier !== undefined ? { time_multiplier: body.time_multiplier } : {}),
        }),
  );
  const onSubmit = async (body: UserFormBody) => {
    const result = await save.run(body);
    if (!result.ok) {
      if (!(result.error instanceof ApiError && result.error.status === 422))
        showToast({ message: errorMessage(result.error), type: 'error' });
      return;
    }
    const { user: savedUser, pending_email: pending } = result.value;
    setSaved(savedUser);
    setPendingEmail(pending);
    if (numericId === null) {
      showToast({ message: `${savedUser.full_name} was created and invited by e-mail.`, type: 'success' });
      navigate(PATHS.adminUser(savedUser.id), { replace: true });
    } else if (pending !== null && pending === body.email) {
      // The address is not changed yet: say what did happen.
      showToast({
        message: `The changes were saved. A confirmation link was sent to ${pending}; the e-mail address changes when it is opened.`,
        type: 'success',
      });
    } else showToast({ message: 'The changes were saved.', type: 'success' });
  };

  const title = numericId === null ? 'New user' : 'Edit user';
  return (
    <div className="screen users-screen">
      <div className="screen__header">
        <PageTitle>{title}</PageTitle>
        <Link to={PATHS.adminUsers}>Back to users</Link>
      </div>
      {error ? (
        <EmptyState
          title={error instanceof ApiError && error.status === 403 ? 'Not yours to manage' : 'Could not load'}
          text={errorMessage(error)}
        />
      ) : loading || !places.data || (numericId !== null && !user) ? (
        <Loading variant="centered" />
      ) : (
        <>
          <OfflineStamp updatedAt={loaded.updatedAt} saved={loaded.saved} />
          {user?.role === 'student' && (
            <p className="users-last-synced">
              Last synced from the student’s device: <strong>{lastSyncedText(user.last_synced_at)}</strong>
            </p>
          )}
          {pendingEmail !== null && user && pendingEmail !== user.email && (
            <p className="users-pending-email" role="status">
              Waiting for confirmation: the e-mail address becomes <strong>{pendingEmail}</strong> when the
              link sent to it is opened. Until then it stays <strong>{user.email}</strong>.
            </p>
          )}
          <UserForm
            // A new form for another user (after creating, the address changes to the new user's).
            key={user?.id ?? 'new'}
            user={user}
            isAdmin={isAdmin}
            locations={places.data.locations}
            schools={places.data.schools}
            errors={save.fieldErrors}
            pending={save.pending}
            onSubmit={onSubmit}
          />
          {user && user.id !== me?.id && <UserStatus user={user} onChanged={setSaved} />}
        </>
      )}
    </div>
  );
}
