import { useState } from 'react';
import type { FormEvent } from 'react';
import type { AdminUser, Role, UserBody } from '../../../../shared/contracts/admin-users.ts';
import type { FieldErrors } from '../../../../shared/contracts/common.ts';
import type { Location, School } from '../../../../shared/contracts/lookups.ts';
import { Dropdown } from '../../../components/dropdown.tsx';
import { TextField } from '../../../components/form-field.tsx';

const ROLE_OPTIONS: Array<{ value: Role; label: string }> = [
  { value: 'student', label: 'Student' },
  { value: 'teacher', label: 'Teacher' },
  { value: 'admin', label: 'Admin' },
];

type Draft = {
  full_name: string;
  email: string;
  role: Role;
  location_id: number | null;
  school_id: number | null;
  teacher_school_ids: number[];
  /** A student's standing time multiplier, as typed ('' for none). */
  time_multiplier: string;
};

/** What the form submits: the user, and for a student being edited their standing extra time. */
export type UserFormBody = UserBody & { time_multiplier?: number | null };

const draftOf = (user: AdminUser | undefined, schools: School[]): Draft =>
  user
    ? {
        full_name: user.full_name,
        email: user.email,
        role: user.role,
        location_id: user.location_id,
        school_id: user.school_id,
        teacher_school_ids: user.teacher_school_ids,
        time_multiplier: user.time_multiplier === null ? '' : String(user.time_multiplier),
      }
    : {
        full_name: '',
        email: '',
        role: 'student',
        // A teacher with one school has nothing to choose.
        location_id: schools.length === 1 ? schools[0]!.location_id : null,
        school_id: schools.length === 1 ? schools[0]!.id : null,
        teacher_school_ids: [],
        time_multiplier: '',
      };

/**
 * Name, e-mail and place of a user, and for a new one the role. Roles of existing users change on Manage
 * Users Role (which keeps the audit log). A teacher makes only students, in their own schools. The server's
 * 422 messages appear under their fields.
 */
export function UserForm({
  user,
  isAdmin,
  locations,
  schools,
  errors,
  pending,
  onSubmit,
}: {
  user?: AdminUser;
  isAdmin: boolean;
  locations: Location[];
  schools: School[];
  errors: FieldErrors;
  pending: boolean;
  onSubmit: (body: UserFormBody) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(user, schools));
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const inLocation = schools.filter((s) => draft.location_id === null || s.location_id === draft.location_id);
  const firstError = (key: string) => errors[key]?.join(' ');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { time_multiplier, ...rest } = draft;
    const multiplier = time_multiplier.trim() === '' ? null : Number(time_multiplier);
    onSubmit({
      ...rest,
      role: isAdmin ? draft.role : 'student',
      teacher_school_ids: draft.role === 'teacher' ? draft.teacher_school_ids : [],
      ...(user?.role === 'student' ? { time_multiplier: multiplier } : {}),
    });
  };

  return (
    <form className="card users-form" onSubmit={submit} noValidate aria-label="User details">
      <TextField
        label="Full name"
        name="full_name"
        value={draft.full_name}
        onChange={(v) => set('full_name', v)}
        errors={errors.full_name}
        required
        maxLength={120}
        autoComplete="off"
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        value={draft.email}
        onChange={(v) => set('email', v)}
        errors={errors.email}
        required
        maxLength={254}
        autoComplete="off"
        hint={
          user ? 'A new address must be verified again.' : 'An invitation to choose a password goes here.'
        }
      />
      {isAdmin && !user && (
        <Dropdown<Role>
          label="Role"
          name="role"
          options={ROLE_OPTIONS}
          value={draft.role}
          onChange={(v) => set('role', v ?? 'student')}
          isSearchable={false}
          error={firstError('role')}
        />
      )}
      <Dropdown<number>
        label="Location"
        name="location_id"
        options={locations.map((l) => ({ value: l.id, label: l.name }))}
        value={draft.location_id}
        onChange={(v) => setDraft((d) => ({ ...d, location_id: v, school_id: null }))}
        isClearable={isAdmin}
        error={firstError('location_id')}
      />
      <Dropdown<number>
        label="School"
        name="school_id"
        options={inLocation.map((s) => ({ value: s.id, label: s.name }))}
        value={draft.school_id}
        onChange={(v) => {
          const school = schools.find((s) => s.id === v);
          setDraft((d) => ({ ...d, school_id: v, location_id: school?.location_id ?? d.location_id }));
        }}
        isClearable={isAdmin}
        required={!isAdmin}
        error={firstError('school_id')}
      />
      {isAdmin && !user && draft.role === 'teacher' && (
        <Dropdown<number>
          multiple
          label="Schools this teacher teaches"
          name="teacher_school_ids"
          options={schools.map((s) => ({ value: s.id, label: `${s.name} (${s.location_name})` }))}
          value={draft.teacher_school_ids}
          onChange={(v) => set('teacher_school_ids', v)}
          error={firstError('teacher_school_ids')}
        />
      )}
      {user?.role === 'student' && (
        <TextField
          label="Standing extra time (time multiplier)"
          name="time_multiplier"
          type="number"
          inputMode="decimal"
          min={1}
          max={4}
          step={0.05}
          value={draft.time_multiplier}
          onChange={(v) => set('time_multiplier', v)}
          errors={errors.time_multiplier}
          hint="Every timed quiz and exam lasts this many times as long for this student, e.g. 1.5 for half as long again. Leave empty for none."
        />
      )}
      <div className="users-toolbar">
        <button type="submit" className="button" disabled={pending}>
          {pending ? 'Saving...' : user ? 'Save changes' : 'Create user'}
        </button>
      </div>
    </form>
  );
}
