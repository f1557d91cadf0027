import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { PATHS } from '../../../shell/paths.ts';
import { usePageReady } from '../../../shell/page-load.tsx';
import { Dropdown } from '../../../components/dropdown.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import type { User } from '../../../../shared/contracts/auth.ts';
import type { FieldErrors } from '../../../../shared/contracts/common.ts';
import { errorMessage } from '../../../lib/http.ts';
import { useAction } from '../../../lib/use-async.ts';
import { register } from '../auth.store.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import { toOptions, useLocations, useSchools } from '../use-lookups.ts';

const SERVER_FIELDS = ['full_name', 'email', 'password', 'password_confirmation', 'location_id', 'school_id'];

export default function RegistrationScreen() {
  const locations = useLocations();
  usePageReady(locations);
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [locationId, setLocationId] = useState<number | null>(null);
  const [schoolId, setSchoolId] = useState<number | null>(null);
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const schools = useSchools(locationId);
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
      password,
      password_confirmation: confirmation,
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
              to approve it; you will get a notification when it does.
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
        {showGeneral && <FormMessage kind="error">{errorMessage(error)}</FormMessage>}
        <TextField
          label="Full name"
          name="full_name"
          autoComplete="name"
          required
          value={fullName}
          onChange={setFullName}
          errors={errors.full_name}
        />
        <TextField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={setEmail}
          errors={errors.email}
        />
        <NewPasswordFields
          label="Password"
          password={password}
          confirmation={confirmation}
          onPassword={setPassword}
          onConfirmation={setConfirmation}
          errors={errors}
        />
        <Dropdown<number>
          label="Location"
          name="location_id"
          required
          options={toOptions(locations.data)}
          isLoading={locations.loading}
          value={locationId}
          onChange={(value) => {
            setLocationId(value);
            // A school belongs to one location: the old choice would not be in the new list.
            setSchoolId(null);
            setLocalErrors({});
          }}
          error={errors.location_id?.[0]}
        />
        <Dropdown<number>
          label="School"
          name="school_id"
          required
          options={toOptions(schools.data)}
          isLoading={schools.loading}
          isDisabled={locationId === null}
          placeholder={locationId === null ? 'Select a location first' : undefined}
          value={schoolId}
          onChange={(value) => {
            setSchoolId(value);
            setLocalErrors({});
          }}
          error={errors.school_id?.[0] ?? (schools.error ? errorMessage(schools.error) : undefined)}
        />
        <p className="field__hint">
          Your school must approve you: until its staff accept your request, you will not see its quizzes and
          exams.
        </p>
        <button type="submit" className="button" disabled={pending}>
          {pending ? 'Creating account...' : 'Create account'}
        </button>
      </form>
      <nav className="auth-card__links" aria-label="Other options">
        <Link to={PATHS.login}>Already have an account? Login</Link>
      </nav>
    </AuthCard>
  );
}
