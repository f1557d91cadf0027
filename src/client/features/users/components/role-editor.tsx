import { useState } from 'react';
import type { FormEvent } from 'react';
import { confirmDialog } from '../../../components/dialogs.tsx';
import { Dropdown } from '../../../components/dropdown.tsx';
import { showToast } from '../../../components/toast.tsx';
import type { AdminUser } from '../../../../shared/contracts/admin-users.ts';
import type { School } from '../../../../shared/contracts/lookups.ts';
import { errorMessage } from '../../../lib/http.ts';
import { useAction } from '../../../lib/use-async.ts';
import { setUserRoles } from '../roles.api.ts';
import { CheckField } from '../../../components/check-field.tsx';

export type RoleDraft = { isAdmin: boolean; isTeacher: boolean; schoolIds: number[] };

const schoolLabel = (s: School) => `${s.name} (${s.location_name})`;

/** What saving the draft would change, in words, for the confirmation (empty when nothing). */
export function describeChange(user: AdminUser, draft: RoleDraft, schools: School[]): string[] {
  const changes: string[] = [];
  if (draft.isAdmin !== (user.is_admin === 1)) changes.push(draft.isAdmin ? 'grant admin' : 'remove admin');
  if (draft.isTeacher !== (user.is_teacher === 1)) {
    changes.push(draft.isTeacher ? 'grant teacher' : 'remove teacher');
  }
  const before = [...user.teacher_school_ids].sort((a, b) => a - b).join(',');
  const after = draft.isTeacher ? [...draft.schoolIds].sort((a, b) => a - b).join(',') : '';
  if (before !== after && draft.isTeacher) {
    const names = draft.schoolIds.map((id) => schools.find((s) => s.id === id)?.name ?? `school ${id}`);
    changes.push(`teaches at ${names.length ? names.join(', ') : 'no school'}`);
  }
  return changes;
}

/** Grants and removes admin and teacher for one user, and picks a teacher's schools; asks before saving. */
export function RoleEditor({
  user,
  me,
  schools,
  onSaved,
  onClose,
}: {
  user: AdminUser;
  me: number | null;
  schools: School[];
  onSaved: (user: AdminUser) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<RoleDraft>({
    isAdmin: user.is_admin === 1,
    isTeacher: user.is_teacher === 1,
    schoolIds: user.teacher_school_ids,
  });
  const save = useAction(setUserRoles);
  const changes = describeChange(user, draft, schools);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!changes.length) return;
    const self = user.id === me && user.is_admin === 1 && !draft.isAdmin;
    const question =
      `${user.full_name}: ${changes.join('; ')}?` +
      (self ? ' You will lose access to the admin screens at once.' : '');
    if (!(await confirmDialog(question))) return;
    const result = await save.run(user.id, {
      is_admin: draft.isAdmin,
      is_teacher: draft.isTeacher,
      ...(draft.isTeacher ? { teacher_school_ids: draft.schoolIds } : {}),
    });
    if (!result.ok) return;
    showToast({ message: `${user.full_name}'s roles were saved.`, type: 'success' });
    onSaved(result.value);
  };
  const failure = save.error === null ? null : errorMessage(save.error);

  return (
    <section className="card roles-editor" aria-labelledby="roles-editor-title">
      <h2 id="roles-editor-title">Roles of {user.full_name}</h2>
      <p className="roles__muted">{user.email}</p>
      {failure && (
        <div className="form-message form-message--error" role="alert">
          <p>{failure}</p>
        </div>
      )}
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <fieldset className="roles-editor__roles">
          <legend>Roles</legend>
          <CheckField checked={draft.isAdmin} onChange={(isAdmin) => setDraft({ ...draft, isAdmin })}>
            Admin
          </CheckField>
          <CheckField checked={draft.isTeacher} onChange={(isTeacher) => setDraft({ ...draft, isTeacher })}>
            Teacher
          </CheckField>
        </fieldset>
        {draft.isTeacher && (
          <Dropdown<number>
            multiple
            label="Teacher's schools"
            value={draft.schoolIds}
            onChange={(ids) => setDraft({ ...draft, schoolIds: ids })}
            options={schools.map((s) => ({ value: s.id, label: schoolLabel(s) }))}
          />
        )}
        <div className="roles-editor__actions">
          <button type="submit" className="button" disabled={save.pending || !changes.length}>
            Save roles
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Close
          </button>
        </div>
      </form>
    </section>
  );
}
