import { useEffect, useId, useState } from 'react';
import type { School } from '../../../../shared/contracts/lookups.ts';
import type { UserFilters } from '../users.api.ts';
import { useDebounced } from '../../../components/list-kit/index.ts';

type Flag = 'diagnostic' | 'verified' | 'active';
const FLAGS: Array<{ key: Flag; label: string; yes: string; no: string }> = [
  { key: 'diagnostic', label: 'Diagnostic', yes: 'Taken', no: 'Not taken' },
  { key: 'verified', label: 'E-mail', yes: 'Verified', no: 'Not verified' },
  { key: 'active', label: 'Status', yes: 'Active', no: 'Deactivated' },
];

function Select({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: Array<[value: string, label: string]>;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field__input" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Search and filters; every change goes to the address (the caller), the search once typing pauses. */
export function UserFiltersBar({
  filters,
  schools,
  isAdmin,
  onChange,
}: {
  filters: UserFilters;
  schools: School[];
  isAdmin: boolean;
  onChange: (filters: UserFilters) => void;
}) {
  const searchId = useId();
  const [search, setSearch] = useState(filters.search ?? '');
  const settled = useDebounced(search);
  useEffect(() => {
    if (settled.trim() !== (filters.search ?? ''))
      onChange({ ...filters, search: settled.trim() || undefined });
    // Only a settled search starts a new query; the other filters are current in `filters`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  return (
    <div className="users-filters" role="search" aria-label="Filter users">
      <div className="field">
        <label className="field__label" htmlFor={searchId}>
          Search
        </label>
        <input
          id={searchId}
          type="search"
          className="field__input"
          placeholder="Name or e-mail"
          value={search}
          maxLength={200}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {isAdmin && (
        <Select
          label="Role"
          value={filters.role ?? ''}
          options={[
            ['', 'Any role'],
            ['student', 'Student'],
            ['teacher', 'Teacher'],
            ['admin', 'Admin'],
          ]}
          onChange={(v) => onChange({ ...filters, role: (v || undefined) as UserFilters['role'] })}
        />
      )}
      <Select
        label="School"
        value={filters.school_id ? String(filters.school_id) : ''}
        options={[['', 'Any school'], ...schools.map((s): [string, string] => [String(s.id), s.name])]}
        onChange={(v) => onChange({ ...filters, school_id: v ? Number(v) : undefined })}
      />
      {FLAGS.map((f) => (
        <Select
          key={f.key}
          label={f.label}
          value={filters[f.key] ?? ''}
          options={[
            ['', 'Any'],
            ['1', f.yes],
            ['0', f.no],
          ]}
          onChange={(v) => onChange({ ...filters, [f.key]: (v || undefined) as '1' | '0' | undefined })}
        />
      ))}
    </div>
  );
}
