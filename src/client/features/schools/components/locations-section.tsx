import { useState } from 'react';
import type { FormEvent } from 'react';
import { confirmDialog } from '../../../components/dialogs.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { ListBody } from '../../../components/list-kit/index.ts';
import { showToast } from '../../../components/toast.tsx';
import type { AdminLocation } from '../../../../shared/contracts/admin-schools.ts';
import { errorMessage } from '../../../lib/http.ts';
import type { LoadState } from '../../../lib/use-async.ts';
import { useAction } from '../../../lib/use-async.ts';
import { createLocation, deleteLocation, renameLocation } from '../schools.api.ts';

/** Locations hold schools (admins only): add, rename, delete an empty one. */
export function LocationsSection({
  locations,
  onChanged,
}: {
  locations: LoadState<AdminLocation[]>;
  onChanged: () => void;
}) {
  const [name, setName] = useState('');
  const add = useAction(createLocation);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const result = await add.run(name);
    if (!result.ok) return;
    showToast({ message: `${result.value.name} was added.`, type: 'success' });
    setName('');
    onChanged();
  };

  return (
    <section className="card" aria-labelledby="locations-title">
      <h2 id="locations-title">Locations</h2>
      <p className="school-requests__muted">
        Every school lies in a location; students pick the location, then the school, when they register.
      </p>
      <ListBody load={locations} isEmpty={() => false} empty={null}>
        {(data) => (
          <ul className="locations__list" aria-label="Locations">
            {data.map((l) => (
              <LocationRow key={l.id} location={l} onChanged={onChanged} />
            ))}
          </ul>
        )}
      </ListBody>
      <form className="locations__add" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label="New location"
          name="location-name"
          value={name}
          maxLength={200}
          errors={add.fieldErrors.name}
          onChange={(value) => setName(value)}
        />
        <button type="submit" className="button button--secondary" disabled={add.pending}>
          Add location
        </button>
      </form>
    </section>
  );
}

function LocationRow({ location, onChanged }: { location: AdminLocation; onChanged: () => void }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(location.name);
  const rename = useAction(renameLocation);
  const remove = useAction(deleteLocation);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const result = await rename.run(location.id, name);
    if (!result.ok) return;
    showToast({ message: `Renamed to ${result.value.name}.`, type: 'success' });
    setEditing(false);
    onChanged();
  };
  const del = async () => {
    if (!(await confirmDialog(`Delete the location ${location.name}?`))) return;
    const result = await remove.run(location.id);
    if (result.ok) {
      showToast({ message: `${location.name} was deleted.`, type: 'success' });
      onChanged();
    } else {
      showToast({ message: errorMessage(result.error), type: 'error' });
    }
  };

  if (editing) {
    return (
      <li className="locations__item">
        <form className="locations__rename" onSubmit={(e) => void save(e)} noValidate>
          <TextField
            label={`New name for ${location.name}`}
            name="location-rename"
            value={name}
            maxLength={200}
            errors={rename.fieldErrors.name}
            onChange={(value) => setName(value)}
          />
          <div className="school-requests__actions">
            <button type="submit" className="button button--small" disabled={rename.pending}>
              Save
            </button>
            <button
              type="button"
              className="button button--small button--secondary"
              onClick={() => {
                setEditing(false);
                setName(location.name);
                rename.reset();
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      </li>
    );
  }
  return (
    <li className="locations__item">
      <span>
        <strong>{location.name}</strong>
        <span className="school-requests__muted">
          {' '}
          · {location.school_count} {location.school_count === 1 ? 'school' : 'schools'} ·{' '}
          {location.user_count} {location.user_count === 1 ? 'user' : 'users'}
        </span>
      </span>
      <span className="school-requests__actions">
        <button
          type="button"
          className="button button--small button--secondary"
          aria-label={`Rename ${location.name}`}
          onClick={() => setEditing(true)}
        >
          Rename
        </button>
        <button
          type="button"
          className="button button--small button--secondary"
          aria-label={`Delete ${location.name}`}
          disabled={remove.pending}
          onClick={() => void del()}
        >
          Delete
        </button>
      </span>
    </li>
  );
}
