import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login, logout } from '../../../src/client/features/auth/auth.store.ts';
import SupportScreen from '../../../src/client/features/support/screens/support-screen.tsx';
import { FAQ, searchFaq } from '../../../src/client/features/support/faq.ts';
import { clearGetCache } from '../../../src/client/lib/get-cache.ts';
import type { User } from '../../../src/shared/contracts/auth.ts';
import type { SupportTicket, SupportTicketDetail } from '../../../src/shared/contracts/support.ts';
import { json, loginRoute, makeUser, mockFetch, type SeenRequest } from '../helpers.ts';
import { choose, currentLocation, renderScreen, type } from '../render.tsx';

const student = makeUser();
const admin = makeUser({ id: 1, is_admin: 1, full_name: 'Alex Admin', email: 'admin@pathbuilder.test' });

const ticket: SupportTicket = {
  id: 5,
  subject: 'My quiz will not sync',
  category: 'offline',
  status: 'open',
  user_id: student.id,
  user_name: 'Sam Student',
  user_email: 'student@pathbuilder.test',
  school_id: 1,
  school_name: 'Sunrise Early Learning',
  created_at: '2026-03-01T09:00:00.000Z',
  updated_at: '2026-03-01T09:00:00.000Z',
  message_count: 1,
};
const detail = (over: Partial<SupportTicketDetail> = {}): SupportTicketDetail => ({
  ...ticket,
  messages: [
    {
      id: 1,
      body: 'It says 2 changes waiting.\n<b>Help</b>',
      author_name: 'Sam Student',
      from_staff: false,
      mine: true,
      created_at: '2026-03-01T09:00:00.000Z',
    },
  ],
  can_manage: false,
  ...over,
});
const page = (data: SupportTicket[]) => ({ data, meta: { total: data.length, page: 1, per_page: 50 } });

async function signIn(user: User) {
  mockFetch(() => json(204, undefined));
  await logout();
  await clearGetCache();
  localStorage.clear();
  sessionStorage.clear();
  mockFetch(loginRoute(user));
  await login({ email: user.email, password: 'pathbuilder-demo' });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the FAQ search', () => {
  it('matches every word, in any order, ignoring case and accents', () => {
    expect(searchFaq(FAQ, '')).toHaveLength(FAQ.length);
    expect(searchFaq(FAQ, 'PASSWORD reset').map((e) => e.id)).toContain('password');
    expect(searchFaq(FAQ, 'sync offline').map((e) => e.id)).toEqual(
      expect.arrayContaining(['offline', 'waiting-to-sync']),
    );
    expect(searchFaq(FAQ, 'instàll')[0]!.id).toBe('install');
    expect(searchFaq(FAQ, 'password zebra')).toEqual([]);
  });
});

describe('the Support screen for a student', () => {
  beforeEach(() => signIn(student));

  const routes =
    (tickets: SupportTicket[], more: (r: SeenRequest) => Response | undefined = () => undefined) =>
    (r: SeenRequest) => {
      if (r.method === 'GET' && r.url.startsWith('/api/support/tickets?')) return json(200, page(tickets));
      return more(r);
    };

  it('filters the questions as the student types', async () => {
    mockFetch(routes([]));
    renderScreen(<SupportScreen />, { path: '/support' });
    expect(await screen.findByRole('heading', { name: 'Frequently asked questions' })).toBeTruthy();
    expect(screen.getByText('How does Test Yourself work?')).toBeTruthy();

    type('Search the questions', 'password');
    expect(screen.getByText('I forgot my password. How do I reset it?')).toBeTruthy();
    expect(screen.queryByText('How does Test Yourself work?')).toBeNull();
    expect(screen.getByText(/of \d+ questions match\./)).toBeTruthy();

    type('Search the questions', 'xylophone');
    expect(screen.getByText(/No question matches “xylophone”/)).toBeTruthy();
    expect(await screen.findByText('No requests yet')).toBeTruthy();
  });

  it('shows the form’s errors: its own before sending, then the server’s, and sends nothing invalid', async () => {
    const { requests } = mockFetch(
      routes([], (r) =>
        r.method === 'POST' && r.url === '/api/support/tickets'
          ? json(422, {
              message: 'Keep the subject under 150 characters.',
              errors: { subject: ['Keep the subject under 150 characters.'] },
            })
          : undefined,
      ),
    );
    renderScreen(<SupportScreen />, { path: '/support' });
    const form = await screen.findByRole('form', { name: 'Ask a question' });

    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText('Choose what your question is about.')).toBeTruthy();
    expect(
      within(form).getByText('Give your question a short subject (at least 3 characters).'),
    ).toBeTruthy();
    expect(within(form).getByText('Please write your message.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await choose(/What is it about/, 'Working offline and syncing');
    type(/^Subject/, 'Sync problem');
    type('Your question', 'My answers are still waiting.');
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText('Keep the subject under 150 characters.')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { subject: 'Sync problem', category: 'offline', message: 'My answers are still waiting.' },
    ]);
  });

  it('sends a question, opens its conversation and lists it with its status', async () => {
    let mine: SupportTicket[] = [];
    mockFetch((r) =>
      r.method === 'GET' && r.url.startsWith('/api/support/tickets?')
        ? json(200, page(mine))
        : r.method === 'POST' && r.url === '/api/support/tickets'
          ? ((mine = [ticket]), json(201, { ticket: detail() }))
          : r.method === 'GET' && r.url === '/api/support/tickets/5'
            ? json(200, { ticket: detail() })
            : undefined,
    );
    renderScreen(<SupportScreen />, { path: '/support' });
    const form = await screen.findByRole('form', { name: 'Ask a question' });
    await choose(/What is it about/, 'Working offline and syncing');
    type(/^Subject/, 'My quiz will not sync');
    type('Your question', 'It says 2 changes waiting.');
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText(/Your question was sent/)).toBeTruthy();
    await waitFor(() => expect(currentLocation()).toBe('/support?ticket=5'));
    const thread = await screen.findByRole('region', { name: 'My quiz will not sync' });
    // Plain text, as typed: the markup is shown, not run.
    expect(within(thread).getByText(/<b>Help<\/b>/)).toBeTruthy();
    expect(thread.querySelector('b')).toBeNull();
    const list = await screen.findByRole('region', { name: 'Your requests' });
    expect(await within(list).findByRole('link', { name: 'My quiz will not sync' })).toBeTruthy();
    expect(within(list).getByText('Open')).toBeTruthy();
    expect(within(thread).queryByRole('button', { name: 'Close request' })).toBeNull();
  });
});

describe('the Support screen for an admin', () => {
  beforeEach(() => signIn(admin));

  it('shows the inbox; a reply and a close go to the server', async () => {
    let current = detail({ can_manage: true });
    const { requests } = mockFetch((r) => {
      if (r.method === 'GET' && r.url.startsWith('/api/support/tickets?')) return json(200, page([ticket]));
      if (r.method === 'GET' && r.url === '/api/support/tickets/5') return json(200, { ticket: current });
      if (r.method === 'POST' && r.url === '/api/support/tickets/5/messages') {
        current = {
          ...current,
          status: 'answered',
          messages: [
            ...current.messages,
            {
              id: 2,
              body: 'Open the quiz again while online.',
              author_name: 'Alex Admin',
              from_staff: true,
              mine: true,
              created_at: '2026-03-01T10:00:00.000Z',
            },
          ],
        };
        return json(201, { ticket: current });
      }
      if (r.method === 'PUT' && r.url === '/api/support/tickets/5/status') {
        current = { ...current, status: 'closed' };
        return json(200, { ticket: current });
      }
      return undefined;
    });
    renderScreen(<SupportScreen />, { path: '/support', at: '/support?ticket=5' });

    const inbox = await screen.findByRole('region', { name: 'Support inbox' });
    expect(await within(inbox).findByText(/Sam Student \(student@pathbuilder\.test\), Sunrise/)).toBeTruthy();
    expect(requests.find((r) => r.url.startsWith('/api/support/tickets?'))!.url).toContain('status=open');

    const thread = await screen.findByRole('region', { name: 'My quiz will not sync' });
    type('Your reply', 'Open the quiz again while online.');
    fireEvent.click(within(thread).getByRole('button', { name: 'Send' }));
    expect(
      await within(thread).findByText('Open the quiz again while online.', { selector: 'p' }),
    ).toBeTruthy();
    expect(within(thread).getByText('Answered')).toBeTruthy();

    fireEvent.click(within(thread).getByRole('button', { name: 'Close request' }));
    expect(await screen.findByText('The request is closed.')).toBeTruthy();
    expect(within(thread).getByRole('button', { name: 'Reopen' })).toBeTruthy();
    expect(requests.filter((r) => r.method !== 'GET').map((r) => [r.method, r.url, r.body])).toEqual([
      ['POST', '/api/support/tickets/5/messages', { message: 'Open the quiz again while online.' }],
      ['PUT', '/api/support/tickets/5/status', { status: 'closed' }],
    ]);
  });
});
