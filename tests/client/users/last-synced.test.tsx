import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { AdminUser } from '../../../src/shared/contracts/admin-users.ts';
import { lastSyncedText, UsersTable } from '../../../src/client/features/users/components/users-table.tsx';
import { makeUser } from '../helpers.ts';

const asAdmin = (over: Partial<AdminUser>): AdminUser => ({
  ...makeUser(),
  role: 'student',
  teacher_school_ids: [],
  last_synced_at: null,
  time_multiplier: null,
  ...over,
});

describe('the users list: last synced', () => {
  it('shows when each student’s device last delivered answers, "Never" when nothing came, and nothing for staff', () => {
    const synced = '2026-11-20T09:41:00.000Z';
    render(
      <MemoryRouter>
        <UsersTable
          users={[
            asAdmin({ id: 1, full_name: 'Ada Early', last_synced_at: synced }),
            asAdmin({ id: 2, full_name: 'Ben Never' }),
            asAdmin({ id: 3, full_name: 'Tia Teacher', role: 'teacher', is_teacher: 1 }),
          ]}
          sort="name"
          onSort={() => {}}
        />
      </MemoryRouter>,
    );
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    const column = headers.indexOf('Last synced');
    expect(column).toBeGreaterThan(0);
    const cell = (name: string) =>
      within(screen.getByRole('row', { name: new RegExp(name) })).getAllByRole('cell')[column]!.textContent;
    expect(cell('Ada Early')).toBe(lastSyncedText(synced));
    expect(cell('Ada Early')).not.toBe('Never');
    expect(cell('Ben Never')).toBe('Never');
    expect(cell('Tia Teacher')).toBe('—');
  });
});

describe('the users list: learning profiles', () => {
  it('links each student, and only students, to their learning profile', () => {
    render(
      <MemoryRouter>
        <UsersTable
          users={[
            asAdmin({ id: 7, full_name: 'Ada Early' }),
            asAdmin({ id: 3, full_name: 'Tia Teacher', role: 'teacher', is_teacher: 1 }),
          ]}
          sort="name"
          onSort={() => {}}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Learning profile of Ada Early' }).getAttribute('href')).toBe(
      '/admin/learning-profile/7',
    );
    expect(screen.queryByRole('link', { name: 'Learning profile of Tia Teacher' })).toBeNull();
  });
});
