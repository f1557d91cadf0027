import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../helpers.ts';
import { currentLocation, type } from '../render.tsx';
import {
  adminUser,
  jo,
  listQueries,
  renderList,
  sam,
  serve,
  signInAs,
  teacherUser,
} from './users-fixtures.tsx';

// The Manage Users screen (the user screen: user-screen.test.tsx).

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the Manage Users screen', () => {
  it('searches, filters, sorts by a column header and pages, keeping it all in the address', async () => {
    await signInAs(adminUser);
    const { requests } = serve({ users: () => ({ data: [sam, jo], total: 60 }) });
    renderList();
    const row = (await screen.findByText('jo@example.test')).closest('tr')!;
    expect(within(row).getByText('Not verified')).toBeTruthy();
    expect(screen.getByText('1–25 of 60 · page 1 of 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New user' }).getAttribute('href')).toBe('/admin/user');
    expect(screen.getByRole('link', { name: 'Sam Rivera' }).getAttribute('href')).toBe('/admin/user/30');

    type('Search', 'rivera');
    await waitFor(() => expect(listQueries(requests).at(-1)).toMatchObject({ search: 'rivera', page: '1' }));

    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'teacher' } });
    fireEvent.change(screen.getByLabelText('Diagnostic'), { target: { value: '0' } });
    await waitFor(() =>
      expect(listQueries(requests).at(-1)).toMatchObject({
        search: 'rivera',
        role: 'teacher',
        diagnostic: '0',
      }),
    );

    const name = () => screen.getByRole('columnheader', { name: /Name/ });
    expect(name().getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(name()).getByRole('button'));
    await waitFor(() => expect(name().getAttribute('aria-sort')).toBe('descending'));
    expect(listQueries(requests).at(-1)).toMatchObject({ sort: '-name' });
    const created = () => screen.getByRole('columnheader', { name: /Created/ });
    fireEvent.click(within(created()).getByRole('button'));
    await waitFor(() => expect(created().getAttribute('aria-sort')).toBe('ascending'));
    expect(name().getAttribute('aria-sort')).toBe('none');

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(listQueries(requests).at(-1)).toMatchObject({ page: '2', sort: 'created_at' }),
    );
    expect(currentLocation()).toContain('page=2');
    expect(currentLocation()).toContain('role=teacher');
  });

  it('imports a CSV file and shows which rows were rejected and why', async () => {
    await signInAs(adminUser);
    let imported: unknown;
    serve({
      other: (r) => {
        if (r.method !== 'POST' || r.url !== '/api/admin/users/import') return undefined;
        imported = r.body;
        return json(200, {
          created: 1,
          rejected: [{ row: 3, errors: ['email: The email has already been taken.'] }],
        });
      },
    });
    renderList();
    await screen.findByText('jo@example.test');
    const csv =
      'full_name,email,role,school,location\nNew One,new@example.test,,,\nDup,sam@example.test,,,\n';
    const file = new File([csv], 'users.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('CSV file of users to import'), { target: { files: [file] } });

    // The file is previewed first; nothing is sent before "Import 2 rows".
    const preview = await screen.findByRole('region', { name: 'Import preview' });
    expect(preview.textContent).toContain('users.csv holds 2 rows after the header.');
    const previewTable = within(preview).getByRole('table', { name: 'First 2 rows of users.csv' });
    expect(
      within(previewTable)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['Rowfull_nameemailroleschoollocation', '2New Onenew@example.test', '3Dupsam@example.test']);
    expect(imported).toBeUndefined();
    fireEvent.click(within(preview).getByRole('button', { name: 'Import 2 rows' }));

    const report = await screen.findByRole('status', { name: 'Import report' });
    expect(imported).toEqual({ csv });
    expect(
      within(report).getByText(/1 user was created and invited by e-mail\. 1 row was rejected/),
    ).toBeTruthy();
    const rejected = within(report).getByRole('table', { name: 'Rejected rows' });
    expect(within(rejected).getByText('3')).toBeTruthy();
    expect(within(rejected).getByText('email: The email has already been taken.')).toBeTruthy();
  });

  it('tells a teacher they see their schools’ students and offers only their schools', async () => {
    await signInAs(teacherUser);
    serve({});
    renderList();
    expect(await screen.findByText('You see and manage the students of your schools.')).toBeTruthy();
    expect(screen.queryByLabelText('Role')).toBeNull();
    await waitFor(() =>
      expect(
        within(screen.getByLabelText('School'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Any school', 'Little Acorns']),
    );
  });
});
