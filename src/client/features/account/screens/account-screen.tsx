import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { PATHS } from '../../../shell/paths.ts';
import { usePageReady } from '../../../shell/page-load.tsx';
import '../account.css';
import { EmailField, FullNameField } from '../../../components/account-fields.tsx';
import { FormMessage } from '../../../components/form-message.tsx';
import { Loading } from '../../../components/loading.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { showToast } from '../../../components/toast.tsx';
import type { User } from '../../../../shared/contracts/auth.ts';
import type { Location } from '../../../../shared/contracts/lookups.ts';
import { errorMessage } from '../../../lib/http.ts';
import { useAction } from '../../../lib/use-async.ts';
import { useAuth } from '../../../shell/session.ts';
import {
  sendVerificationEmail,
  updateAccount,
  useLocations,
  LocationSchoolFields,
  ResendVerificationButton,
} from '../../auth/index.ts';
import { DevicesCard } from '../components/devices-card.tsx';
import { cancelEmailChange, usePendingEmail } from '../use-account.ts';
import { PageTitle } from '../../../shell/page-title.tsx';

export default function AccountScreen() {
  const { user } = useAuth();
  const locations = useLocations();
  const pending = usePendingEmail();
  usePageReady(locations);
  if (!user) return <Loading variant="centered" />;
  return (
    <div className="screen account-screen">
      <PageTitle>Account</PageTitle>
      <EmailStatus user={user} pendingEmail={pending.data ?? null} onChanged={pending.reload} />
      <AccountForm
        key={user.id}
        user={user}
        locations={locations.data}
        locationsLoading={locations.loading}
        onSaved={pending.reload}
      />
      <section className="card" aria-labelledby="account-password-title">
        <h2 id="account-password-title" className="card__title">
          Password
        </h2>
        <p>
          <Link to={PATHS.settings}>Change your password in Settings</Link>; every other device is then signed
          out.
        </p>
      </section>
      <DevicesCard />
    </div>
  );
}

function EmailStatus({
  user,
  pendingEmail,
  onChanged,
}: {
  user: User;
  pendingEmail: string | null;
  onChanged: () => void;
}) {
  const resend = useAction(sendVerificationEmail);
  const cancel = useAction(cancelEmailChange);
  const onCancel = async () => {
    const result = await cancel.run();
    if (result.ok) showToast({ message: 'The e-mail change was withdrawn.', type: 'success' });
    else showToast({ message: errorMessage(result.error), type: 'error' });
    onChanged();
  };
  const onResend = async () => {
    const result = await resend.run();
    if (result.ok) showToast({ message: result.value, type: 'success' });
    else showToast({ message: errorMessage(result.error), type: 'error' });
  };
  return (
    <section className="card account-screen__email" aria-label="E-mail verification">
      <p>
        E-mail address <strong>{user.email}</strong>{' '}
        {user.email_verified ? (
          <span className="badge badge--success">Verified</span>
        ) : (
          <span className="badge badge--warning">Not verified</span>
        )}
      </p>
      {!user.email_verified && <ResendVerificationButton pending={resend.pending} onClick={onResend} />}
      {pendingEmail && (
        <>
          <p role="status">
            Waiting for you to confirm <strong>{pendingEmail}</strong>: open the link we sent there. Until
            then, keep signing in with {user.email}.
          </p>
          <button
            type="button"
            className="button button--secondary"
            disabled={cancel.pending}
            onClick={() => void onCancel()}
          >
            Keep {user.email}
          </button>
        </>
      )}
    </section>
  );
}

function AccountForm({
  user,
  locations,
  locationsLoading,
  onSaved,
}: {
  user: User;
  locations: Location[] | undefined;
  locationsLoading: boolean;
  onSaved: () => void;
}) {
  const [fullName, setFullName] = useState(user.full_name);
  const [email, setEmail] = useState(user.email);
  const [locationId, setLocationId] = useState<number | null>(user.location_id);
  const [schoolId, setSchoolId] = useState<number | null>(user.school_id);
  const { run, pending, error, fieldErrors } = useAction(updateAccount);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await run({ full_name: fullName, email, location_id: locationId, school_id: schoolId });
    if (result.ok) {
      // The account keeps its address until the new one is confirmed from the link mailed to it.
      const changedEmail = email !== user.email;
      const asked =
        result.value.pending_school_name && result.value.pending_school_id !== user.pending_school_id
          ? ` Your request to join ${result.value.pending_school_name} has been sent to the school for approval.`
          : '';
      showToast({
        message:
          (changedEmail
            ? `Your account has been saved. To change your e-mail address, open the link we sent to ${email}; until then it stays ${user.email}.`
            : 'Your account has been saved.') + asked,
        type: 'success',
      });
      if (changedEmail) setEmail(user.email);
      onSaved();
    }
  };

  const hasFieldErrors = Object.keys(fieldErrors).length > 0;
  const isStudent = user.is_admin === 0 && user.is_teacher === 0;
  return (
    <form className="card form" onSubmit={onSubmit} aria-label="Account details">
      {error !== null && !hasFieldErrors && <FormMessage kind="error">{errorMessage(error)}</FormMessage>}
      <FullNameField value={fullName} onChange={setFullName} errors={fieldErrors.full_name} />
      <EmailField value={email} onChange={setEmail} errors={fieldErrors.email} />
      <LocationSchoolFields
        locations={locations}
        locationsLoading={locationsLoading}
        locationId={locationId}
        schoolId={schoolId}
        onLocation={setLocationId}
        onSchool={setSchoolId}
        errors={fieldErrors}
      />
      {isStudent && (
        <p className="field__hint">
          {user.pending_school_name
            ? `Waiting for ${user.pending_school_name} to approve your request. `
            : ''}
          A new school must approve you first: you stay in your current school until its staff accept.
        </p>
      )}
      <SubmitButton pending={pending} pendingLabel="Saving...">
        Save changes
      </SubmitButton>
    </form>
  );
}
