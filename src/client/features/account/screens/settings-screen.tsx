import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { usePageReady } from '../../../shell/page-load.tsx';
import '../account.css';
import { CurrentPasswordField } from '../../../components/account-fields.tsx';
import { FormMessage } from '../../../components/form-message.tsx';
import { NewPasswordFields, useNewPassword } from '../../../components/new-password-fields.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { showToast } from '../../../components/toast.tsx';
import { TEXTS } from '../../../../shared/constants.ts';
import { changePassword, clearPasswordErrors, usePasswordErrors } from '../../auth/index.ts';
import { WaitingToSyncCard } from '../components/waiting-to-sync-card.tsx';
import { RankingVisibilityCard } from '../components/ranking-visibility-card.tsx';
import { OfflineContentCard } from '../components/offline-content-card.tsx';
import { PageTitle } from '../../../shell/page-title.tsx';

const READY = { loading: false, error: null };

export default function SettingsScreen() {
  usePageReady(READY);
  const [currentPassword, setCurrentPassword] = useState('');
  const newPassword = useNewPassword();
  const [pending, setPending] = useState(false);
  const { changeErrors } = usePasswordErrors();
  // The errors live in a store; a later visit must not start with this visit's errors.
  useEffect(() => clearPasswordErrors, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(true);
    const saved = await changePassword({
      current_password: currentPassword,
      password: newPassword.password,
      password_confirmation: newPassword.confirmation,
    });
    setPending(false);
    if (!saved) return;
    setCurrentPassword('');
    newPassword.clear();
    showToast({ message: TEXTS.passwordSaved, type: 'success' });
  };

  const formErrors = Object.entries(changeErrors)
    .filter(([field]) => !['current_password', 'password', 'password_confirmation'].includes(field))
    .flatMap(([, messages]) => messages);
  return (
    <div className="screen settings-screen">
      <PageTitle>Settings</PageTitle>
      <form className="card form" onSubmit={onSubmit} aria-labelledby="change-password-title">
        <h2 id="change-password-title" className="card__title">
          Change password
        </h2>
        {formErrors.length > 0 && <FormMessage kind="error">{formErrors.join(' ')}</FormMessage>}
        <CurrentPasswordField
          label="Current password"
          name="current_password"
          value={currentPassword}
          onChange={setCurrentPassword}
          errors={changeErrors.current_password}
        />
        <NewPasswordFields label="New password" {...newPassword.fields} errors={changeErrors} />
        <SubmitButton pending={pending} pendingLabel="Saving...">
          Save new password
        </SubmitButton>
      </form>
      <WaitingToSyncCard />
      <OfflineContentCard />
      <RankingVisibilityCard />
    </div>
  );
}
