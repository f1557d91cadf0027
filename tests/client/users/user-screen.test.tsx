import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../helpers.ts';
import { choose, currentLocation, type } from '../render.tsx';
import { adminUser, asAdmin, renderEdit, sam, serve, signInAs, teacherUser } from './users-fixtures.tsx';

// The user screen (the Manage Users screen: users-screens.test.tsx).

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the user screen', () => {
  it('creates a user, showing the server’s field errors first, then opens the new user', async () => {
    await signInAs(adminUser);
    const created = asAdmin({
      id: 44,
      full_name: 'Casey Quinn',
      email: 'casey@example.test',
      email_verified: false,
    });
    const posts: unknown[] = [];
    serve({
      other: (r) => {
        if (r.method === 'POST' && r.url === '/api/admin/users') {
          posts.push(r.body);
          return posts.length === 1
            ? json(422, {
                message: 'The email has already been taken.',
                errors: {
                  email: ['The email has already been taken.'],
                  school_id: ['The selected school is invalid.'],
                },
              })
            : json(201, { user: created });
        }
        if (r.method === 'GET' && r.url === '/api/admin/users/44') return json(200, { user: created });
        return undefined;
      },
    });
    renderEdit();
    expect(await screen.findByRole('heading', { name: 'New user' })).toBeTruthy();
    await screen.findByLabelText(/Full name/);
    type(/Full name/, 'Casey Quinn');
    type(/Email/, 'casey@example.test');
    await choose('Role', 'Teacher');
    await choose('Location', 'Riverside');
    await choose('School', 'Riverside Institute');
    await choose('Schools this teacher teaches', 'Little Acorns (Springfield)');
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));

    const email = screen.getByLabelText(/Email/);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The email has already been taken.')).toBeTruthy();
    expect(screen.getByText('The selected school is invalid.')).toBeTruthy();
    expect(posts[0]).toEqual({
      full_name: 'Casey Quinn',
      email: 'casey@example.test',
      role: 'teacher',
      location_id: 2,
      school_id: 2,
      teacher_school_ids: [1],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('Casey Quinn was created and invited by e-mail.')).toBeTruthy();
    await waitFor(() => expect(currentLocation()).toBe('/admin/user/44'));
  });

  it('deactivates a user after confirming, and can reactivate them', async () => {
    await signInAs(adminUser);
    const statuses: unknown[] = [];
    const { requests } = serve({
      other: (r) => {
        if (r.method === 'GET' && r.url === '/api/admin/users/30') return json(200, { user: sam });
        if (r.method === 'PUT' && r.url === '/api/admin/users/30/status') {
          statuses.push(r.body);
          return json(200, { user: { ...sam, is_active: (r.body as { is_active: boolean }).is_active } });
        }
        return undefined;
      },
    });
    renderEdit('30');
    expect(await screen.findByRole('heading', { name: 'Edit user' })).toBeTruthy();
    expect(((await screen.findByLabelText(/Full name/)) as HTMLInputElement).value).toBe('Sam Rivera');
    // Roles change on Manage Users Role, not here.
    expect(screen.queryByLabelText('Role')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    let dialog = await screen.findByRole('dialog', { name: 'Confirm' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm' });
    expect(within(dialog).getByText(/Deactivate Sam Rivera\? They are signed out at once/)).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' })));
    expect(await screen.findByRole('button', { name: 'Reactivate' })).toBeTruthy();
    expect(screen.getByText(/^Deactivated/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Reactivate' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('button', { name: 'Deactivate' })).toBeTruthy();
    expect(statuses).toEqual([{ is_active: false }, { is_active: true }]);
  });

  it('says a new e-mail address waits for its confirmation link rather than that it changed', async () => {
    await signInAs(teacherUser);
    const puts: unknown[] = [];
    serve({
      other: (r) => {
        if (r.method === 'GET' && r.url === '/api/admin/users/30') return json(200, { user: sam });
        if (r.method === 'PUT' && r.url === '/api/admin/users/30') {
          puts.push(r.body);
          return json(200, { user: sam, pending_email: 'sam.new@example.test' });
        }
        return undefined;
      },
    });
    renderEdit('30');
    expect(((await screen.findByLabelText(/Full name/)) as HTMLInputElement).value).toBe('Sam Rivera');
    type(/Email/, 'sam.new@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText(
        'The changes were saved. A confirmation link was sent to sam.new@example.test; the e-mail address changes when it is opened.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(
      /Waiting for confirmation.*sam\.new@example\.test/,
    );
    expect(screen.queryByText('The changes were saved.')).toBeNull();
    expect(puts).toHaveLength(1);
  });
});
