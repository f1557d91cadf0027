import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExamLiveResponse, ExamLiveRow } from '../../../src/shared/contracts/exam-live.ts';
import ExamLiveScreen from '../../../src/client/features/exam-live/screens/exam-live-screen.tsx';
import { authState } from '../../../src/client/shell/session.ts';
import { json, makeUser, mockFetch } from '../helpers.ts';
import type { SeenRequest } from '../helpers.ts';
import { renderScreen } from '../render.tsx';

// The staff screen of the live view: the counts, "needs attention" first, live rows, stale data said so, and
// extra time through the overrides routes.

const now = () => new Date().toISOString();
const ago = (s: number) => new Date(Date.now() - s * 1000).toISOString();

function row(over: Partial<ExamLiveRow>): ExamLiveRow {
  return {
    user_id: 1,
    full_name: 'Student',
    school_id: 1,
    school_name: 'Sunrise',
    state: 'not_started',
    attempt_id: null,
    answered: 0,
    questions: 10,
    started_at: null,
    submitted_at: null,
    last_heard_at: null,
    outbox_size: null,
    outbox_reported_at: null,
    deadline_at: null,
    grace_until: null,
    time_left_seconds: null,
    used_offline_grace: false,
    override: null,
    ...over,
  };
}

const rows = (): ExamLiveRow[] => [
  row({ user_id: 1, full_name: 'Ada Able' }),
  row({
    user_id: 2,
    full_name: 'Ben Busy',
    state: 'answering',
    attempt_id: 'a2',
    answered: 3,
    last_heard_at: ago(5),
    outbox_size: 0,
    deadline_at: new Date(Date.now() + 15 * 60_000).toISOString(),
  }),
  row({
    user_id: 3,
    full_name: 'Cy Quiet',
    state: 'answering',
    attempt_id: 'a3',
    answered: 1,
    last_heard_at: ago(180),
    outbox_size: 2,
    outbox_reported_at: ago(180),
    deadline_at: new Date(Date.now() + 15 * 60_000).toISOString(),
  }),
  row({ user_id: 4, full_name: 'Di Done', state: 'submitted', attempt_id: 'a4', answered: 10 }),
];

const view = (r: ExamLiveRow[] = rows()): ExamLiveResponse => ({
  assessment: { id: 9, title: 'Term exam', kind: 'exam', time_limit_minutes: 30, closes_at: null },
  rows: r,
  summary: {
    students: 0,
    not_started: 0,
    answering: 0,
    submitted: 0,
    auto_submitted: 0,
    waiting_to_sync: 0,
    not_heard_from: 0,
  },
  server_time: now(),
});

/** An event stream the test writes to. */
function controlledStream() {
  let push: (text: string) => void = () => {};
  let close: () => void = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (text) => controller.enqueue(new TextEncoder().encode(text));
      close = () => controller.close();
    },
  });
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    push: (text: string) => push(text),
    close: () => close(),
  };
}

beforeEach(() => {
  authState.user = makeUser({ is_teacher: 1 });
  authState.token = 'token-abc';
});
afterEach(() => {
  authState.user = null;
  authState.token = null;
  vi.unstubAllGlobals();
});

function serve(extra: (r: SeenRequest) => Response | undefined = () => undefined) {
  const stream = controlledStream();
  const m = mockFetch((request) => {
    if (request.url.endsWith('/live/stream')) return stream.response;
    if (request.url.endsWith('/admin/assessments/9/live')) return json(200, view());
    return extra(request);
  });
  renderScreen(<ExamLiveScreen id="9" />);
  return { ...m, stream };
}

const bodyRows = () =>
  within(screen.getByRole('region', { name: 'Students' }))
    .getAllByRole('row')
    .slice(1);

describe('the live view screen', () => {
  it('counts, puts who needs attention first, and updates a row live', async () => {
    const { stream } = serve();
    expect(await screen.findByRole('heading', { name: 'Live view: Term exam' })).toBeTruthy();
    stream.push('retry: 3000\n\nevent: ready\ndata: {}\n\n');
    expect(await screen.findByText('Live: rows update as students work.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Needs attention 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Answering 2' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Waiting to sync 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Not heard from in over a minute 1' })).toBeTruthy();
    // Cy (silent, 2 answers on the device) first; then those answering; then the rest by name.
    expect(bodyRows().map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Cy QuietSunrise',
      'Ben BusySunrise',
      'Ada AbleSunrise',
      'Di DoneSunrise',
    ]);
    expect(within(bodyRows()[0]!).getByText('2 answers')).toBeTruthy();

    // Cy's device syncs: the row changes, and nobody needs attention any more.
    const synced = {
      ...rows()[2]!,
      answered: 4,
      last_heard_at: now(),
      outbox_size: 0,
      outbox_reported_at: now(),
    };
    stream.push(`event: rows\ndata: ${JSON.stringify({ rows: [synced], server_time: now() })}\n\n`);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Needs attention 0' })).toBeTruthy());
    expect(screen.getByText('Answering 4 of 10', { selector: '.badge' })).toBeTruthy();

    // Filtering by state.
    fireEvent.click(screen.getByRole('button', { name: 'Submitted 1' }));
    expect(bodyRows()).toHaveLength(1);
    expect(within(bodyRows()[0]!).getByRole('rowheader').textContent).toContain('Di Done');
  });

  it('says when the data is no longer live', async () => {
    const { stream } = serve();
    await screen.findByRole('heading', { name: 'Live view: Term exam' });
    stream.push('event: ready\ndata: {}\n\n');
    await screen.findByText('Live: rows update as students work.');
    stream.close();
    expect(
      await screen.findByText(/Disconnected: not updating, reconnecting… Shown as it was at/),
    ).toBeTruthy();
    expect(screen.queryByText('Live: rows update as students work.')).toBeNull();
  });

  it('gives extra time: the student’s own extra minutes plus these, the rest of their override kept', async () => {
    const puts: SeenRequest[] = [];
    serve((request) => {
      if (request.method === 'GET' && request.url.endsWith('/admin/assessments/9/overrides'))
        return json(200, {
          data: [
            { user_id: 2, extra_minutes: 5, time_multiplier: 1.5, closes_at: null, attempts_allowed: null },
            {
              user_id: null,
              extra_minutes: 30,
              time_multiplier: null,
              closes_at: null,
              attempts_allowed: null,
            },
          ],
        });
      if (request.method === 'PUT') {
        puts.push(request);
        return json(200, { override: {} });
      }
      return undefined;
    });
    await screen.findByRole('heading', { name: 'Live view: Term exam' });
    const ben = bodyRows().find((r) => r.textContent?.includes('Ben Busy'))!;
    fireEvent.click(within(ben).getByRole('button', { name: '+10 min' }));
    expect(await screen.findByText('Ben Busy has 10 more minutes (15 extra in all).')).toBeTruthy();
    expect(puts).toHaveLength(1);
    expect(puts[0]!.url).toBe('/api/admin/assessments/9/overrides/2');
    expect(puts[0]!.body).toEqual({
      extra_minutes: 15,
      time_multiplier: 1.5,
      closes_at: null,
      attempts_allowed: null,
    });
    // Submitted students get no extra time button.
    const di = bodyRows().find((r) => r.textContent?.includes('Di Done'))!;
    expect(within(di).queryByRole('button', { name: '+10 min' })).toBeNull();
  });
});
