import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { usePageReady } from '../../../shell/page-load.tsx';
import { PATHS } from '../../../shell/paths.ts';
import { confirmDialog } from '../../../components/dialogs.tsx';
import { Dropdown } from '../../../components/dropdown.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { Loading } from '../../../components/loading.tsx';
import { showToast } from '../../../components/toast.tsx';
import type { AdminLocation, AdminSchool, SchoolBody } from '../../../../shared/contracts/admin-schools.ts';
import { errorMessage } from '../../../lib/http.ts';
import { useAction } from '../../../lib/use-async.ts';
import { roleOf, useAuth } from '../../../shell/session.ts';
import { createSchool, deleteSchool, updateSchool } from '../schools.api.ts';
import '../schools.css';
import { useLocations, useSchool } from '../use-schools.ts';
import { PageTitle } from '../../../shell/page-title.tsx';

/** Without `id` the screen creates a new school. */
export type SchoolEditScreenProps = { id?: string };

/** A school: admins add, edit and delete it; a teacher reads their own. */
export default function SchoolEditScreen({ id }: SchoolEditScreenProps) {
  const { user } = useAuth();
  const isAdmin = roleOf(user) === 'admin';
  const schoolId = id === undefined ? null : Number(id);
  const valid = schoolId === null || (Number.isInteger(schoolId) && schoolId > 0);
  const school = useSchool(valid ? schoolId : null);
  const locations = useLocations(isAdmin);
  const loading = (school.loading && !school.data) || (isAdmin && locations.loading && !locations.data);
  usePageReady({ loading: valid && loading, error: school.error ?? locations.error });

  const back = (
    <Link to={PATHS.adminSchools} className="school-edit__back">
      ← Manage Schools
    </Link>
  );
  if (!valid) return <Missing back={back} />;
  if (schoolId === null && !isAdmin) {
    return (
      <div className="screen">
        {back}
        <EmptyState title="Admins only" text="Only admins add schools." />
      </div>
    );
  }
  if (school.error !== null || locations.error !== null) {
    return (
      <div className="screen">
        {back}
        <div className="form-message form-message--error" role="alert">
          <p>{errorMessage(school.error ?? locations.error)}</p>
        </div>
      </div>
    );
  }
  if (loading) return <Loading variant="centered" />;
  if (!isAdmin) return <SchoolFacts school={school.data!} back={back} />;
  return <SchoolForm school={school.data ?? null} locations={locations.data ?? []} back={back} />;
}

function Missing({ back }: { back: ReactNode }) {
  usePageReady({ loading: false, error: null });
  return (
    <div className="screen">
      {back}
      <EmptyState title="No such school" text="This school does not exist." />
    </div>
  );
}

/** A teacher's read-only view of their own school. */
function SchoolFacts({ school, back }: { school: AdminSchool; back: ReactNode }) {
  return (
    <div className="screen">
      {back}
      <PageTitle>{school.name}</PageTitle>
      <section className="card" aria-label="About this school">
        <dl className="school-edit__facts">
          <dt>Location</dt>
          <dd>{school.location_name}</dd>
          <dt>Students</dt>
          <dd>{school.student_count}</dd>
          <dt>Teachers</dt>
          <dd>{school.teacher_count}</dd>
        </dl>
        <p className="school-requests__muted">Only admins change a school&apos;s name or location.</p>
      </section>
    </div>
  );
}

function SchoolForm({
  school,
  locations,
  back,
}: {
  school: AdminSchool | null;
  locations: AdminLocation[];
  back: ReactNode;
}) {
  const navigate = useNavigate();
  const [name, setName] = useState(school?.name ?? '');
  const [locationId, setLocationId] = useState<number | null>(school?.location_id ?? null);
  const save = useAction((body: SchoolBody) => (school ? updateSchool(school.id, body) : createSchool(body)));
  const remove = useAction(deleteSchool);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const result = await save.run({ name, location_id: locationId ?? 0 });
    if (!result.ok) return;
    if (school) {
      showToast({ message: `${result.value.name} was saved.`, type: 'success' });
    } else {
      showToast({ message: `${result.value.name} was added.`, type: 'success' });
      navigate(PATHS.adminSchool(result.value.id), { replace: true });
    }
  };
  const del = async () => {
    if (!school) return;
    if (!(await confirmDialog(`Delete ${school.name}? This cannot be undone.`))) return;
    const result = await remove.run(school.id);
    if (!result.ok) return;
    showToast({ message: `${school.name} was deleted.`, type: 'success' });
    navigate(PATHS.adminSchools);
  };
  const failure = save.error ?? remove.error;
  const hasFieldErrors = Object.keys(save.fieldErrors).length > 0;

  return (
    <div className="screen">
      {back}
      <PageTitle>{school ? school.name : 'New school'}</PageTitle>
      {failure !== null && !hasFieldErrors && (
        <div className="form-message form-message--error" role="alert">
          <p>{errorMessage(failure)}</p>
        </div>
      )}
      <form className="card form" onSubmit={(e) => void submit(e)} noValidate aria-label="School">
        <TextField
          label="Name"
          name="name"
          value={name}
          required
          maxLength={200}
          errors={save.fieldErrors.name}
          onChange={(value) => setName(value)}
        />
        <Dropdown<number>
          label="Location"
          required
          value={locationId}
          onChange={setLocationId}
          options={locations.map((l) => ({ value: l.id, label: l.name }))}
          error={save.fieldErrors.location_id?.[0]}
        />
        {school && (
          <p className="school-requests__muted">
            {school.student_count} {school.student_count === 1 ? 'student' : 'students'} ·{' '}
            {school.teacher_count} {school.teacher_count === 1 ? 'teacher' : 'teachers'}. Moving the school
            moves its users to the new location too.
          </p>
        )}
        <div className="school-edit__actions">
          <button type="submit" className="button" disabled={save.pending}>
            {school ? 'Save' : 'Add school'}
          </button>
          {school && (
            <button
              type="button"
              className="button school-edit__delete"
              disabled={remove.pending}
              onClick={() => void del()}
            >
              Delete school
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
