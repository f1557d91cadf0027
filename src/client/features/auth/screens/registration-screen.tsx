import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { PATHS } from '../../../shell/paths.ts';
import { usePageReady } from '../../../shell/page-load.tsx';
import { EmailField, FullNameField } from '../../../components/account-fields.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { NewPasswordFields, useNewPassword } from '../../../components/new-password-fields.tsx';
import type { User } from '../../../../shared/contracts/auth.ts';
import type { FieldErrors } from '../../../../shared/contracts/common.ts';
import { userMessage } from '../../../lib/http.ts';
import { useAction } from '../../../lib/use-async.ts';
import { register } from '../auth.store.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import { LocationSchoolFields } from '../components/location-school-fields.tsx';
import { useLocations } from '../use-lookups.ts';

const SERVER_FIELDS = ['full_name', 'email', 'password', 'password_confirmation', 'location_id', 'school_id'];

export default function RegistrationScreen() {
  const locations = useLocations();
  usePageReady(locations);
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const newPassword = useNewPassword();
  const [locationId, setLocationId] = useState<number | null>(null);
  const [schoolId, setSchoolId] = useState<number | null>(null);
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const { run, pending, error, fieldErrors } = useAction(register);
  const [registered, setRegistered] = useState<User | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing: FieldErrors = {};
    if (locationId === null) missing.location_id = ['Please select your location.'];
    if (schoolId === null) missing.school_id = ['Please select your school.'];
    setLocalErrors(missing);
    if (locationId === null || schoolId === null) return;
    const result = await run({
      full_name: fullName,
      email,
      password: newPassword.password,
      password_confirmation: newPassword.confirmation,
      location_id: locationId,
      school_id: schoolId,
    });
    if (result.ok) setRegistered(result.value);
  };

  if (registered) {
    return (
      <AuthCard title="Registration">
        <FormMessage kind="success">
          <p>Welcome, {registered.full_name}! Your account is ready and you are logged in.</p>
          <p>
            We have sent a verification e-mail to <strong>{registered.email}</strong>. Open the link in it to
            verify your address.
          </p>
          {registered.pending_school_name && (
            <p>
              Your request to join <strong>{registered.pending_school_name}</strong> is waiting for the school
              to approve it; you will get a notification when it does. Until then you see what is open to
              every school.
            </p>
          )}
        </FormMessage>
        <Link className="button" to={PATHS.dashboard}>
          Continue to the Dashboard
        </Link>
      </AuthCard>
    );
  }

  const errors: FieldErrors = { ...fieldErrors, ...localErrors };
  const otherErrors = Object.entries(fieldErrors).filter(([field]) => !SERVER_FIELDS.includes(field));
  const showGeneral = error !== null && (Object.keys(fieldErrors).length === 0 || otherErrors.length > 0);
  return (
    <AuthCard title="Registration" intro="Create your Pathbuilder account.">
      <form className="form" onSubmit={onSubmit}>
        {showGeneral && (
          <FormMessage kind="error">
            {userMessage(error, {
              offline: 'Creating an account needs the internet: try again once you’re back online.',
            })}
          </FormMessage>
        )}
        <FullNameField value={fullName} onChange={setFullName} errors={errors.full_name} />
        <EmailField value={email} onChange={setEmail} errors={errors.email} />
        <NewPasswordFields label="Password" {...newPassword.fields} errors={errors} />
        <LocationSchoolFields
          required
          locations={locations.data}
          locationsLoading={locations.loading}
          locationId={locationId}
          schoolId={schoolId}
          onLocation={(value) => {
            setLocationId(value);
            setLocalErrors({});
          }}
          onSchool={(value) => {
            setSchoolId(value);
            setLocalErrors({});
          }}
          errors={errors}
        />
        <p className="field__hint">
          Your school must approve you. Until its staff accept your request, you see what is open to every
          school; what your school shares with its own students (its quizzes, exams, lectures and videos)
          appears once they do.
        </p>
        <SubmitButton pending={pending} pendingLabel="Creating account...">
          Create account
        </SubmitButton>
      </form>
      <nav className="auth-card__links" aria-label="Other options">
        <Link to={PATHS.login}>Already have an account? Login</Link>
      </nav>
    </AuthCard>
  );
}
