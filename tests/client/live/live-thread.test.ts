import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveDetail, LiveMessage } from '../../../src/shared/contracts/live.ts';

// The thread's two outside worlds: the HTTP calls and the event stream, both replaced here.
const api = vi.hoisted(() => ({ sendLiveMessage: vi.fn(), removeLiveMessage: vi.fn() }));
const stream = vi.hoisted(() => ({
  handlers: null as null | {
    onOpen: () => void;
    onEvent: (e: unknown) => void;
    onState: (s: string) => void;
  },
}));
vi.mock('../../../src/client/features/live/live.api.ts', () => api);
vi.mock('../../../src/client/features/live/live-stream.ts', () => ({
  openLiveStream: (_id: number, h: typeof stream.handlers) => {
    stream.handlers = h;
    return () => {};
  },
}));

const { createLiveThread } = await import('../../../src/client/features/live/live-thread.ts');
const { ApiError } = await import('../../../src/client/lib/http.ts');
const { countdown } = await import('../../../src/client/features/live/live-format.ts');

const ME = 7;
const detail: LiveDetail = {
  session: {
    id: 3,
    title: 'Q&A',
    summary: '',
    body_html: '',
    starts_at: '2026-03-01T09:00:00.000Z',
    ends_at: '2026-03-01T10:00:00.000Z',
    state: 'live',
    open_for_posting: true,
    meeting_url: null,
    has_meeting_url: false,
    published: true,
    school_ids: [],
    message_count: 0,
  },
  messages: [],
  has_earlier: false,
  can_moderate: false,
  now: '2026-03-01T09:10:00.000Z',
};
const saved = (clientId: string, body: string, id = 11): LiveMessage => ({
  id,
  client_id: clientId,
  author_id: ME,
  author_name: 'Sam Rivera',
  author_is_staff: false,
  body,
  deleted: false,
  created_at: '2026-03-01T09:11:00.000Z',
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a live thread on screen', () => {
  beforeEach(() => {
    sessionStorage.clear();
    api.sendLiveMessage.mockReset();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  });
  afterEach(() => vi.restoreAllMocks());

  it('keeps a message it could not send (across a reload) and sends it once the stream is back', async () => {
    api.sendLiveMessage.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const first = createLiveThread(detail, ME);
    first.start();
    first.send('Written on the train');
    await settle();
    expect(first.getSnapshot().messages).toEqual([
      expect.objectContaining({ body: 'Written on the train', status: 'waiting' }),
    ]);
    first.stop();

    // A reload: the waiting message is still there, and goes when the stream opens.
    api.sendLiveMessage.mockImplementation((_id: number, clientId: string, body: string) =>
      Promise.resolve(saved(clientId, body)),
    );
    const again = createLiveThread(detail, ME);
    expect(again.getSnapshot().messages[0]).toMatchObject({
      body: 'Written on the train',
      status: 'waiting',
    });
    again.start();
    stream.handlers!.onOpen();
    await settle();
    await settle();
    expect(again.getSnapshot().messages).toEqual([
      expect.objectContaining({ id: 11, body: 'Written on the train', status: 'sent' }),
    ]);
    // The same client id each time: the server posts it once however often it is sent.
    expect(new Set(api.sendLiveMessage.mock.calls.map((c) => c[1])).size).toBe(1);
    expect(sessionStorage.length).toBe(0);
    again.stop();
  });

  it('shows a refusal with its reason instead of retrying it', async () => {
    api.sendLiveMessage.mockRejectedValue(new ApiError(409, 'This discussion has ended.'));
    const thread = createLiveThread(detail, ME);
    thread.start();
    thread.send('Too late');
    await settle();
    expect(thread.getSnapshot().messages[0]).toMatchObject({
      status: 'failed',
      error: 'This discussion has ended.',
    });
    expect(sessionStorage.length).toBe(0);
    thread.stop();
  });

  it('merges its own message arriving on the stream with the copy it showed, and hides removed text', async () => {
    api.sendLiveMessage.mockReturnValue(new Promise(() => {}));
    const thread = createLiveThread(detail, ME);
    thread.start();
    thread.send('Hello');
    const clientId = thread.getSnapshot().messages[0]!.client_id;
    stream.handlers!.onEvent({ type: 'message', message: saved(clientId, 'Hello', 12) });
    expect(thread.getSnapshot().messages).toEqual([expect.objectContaining({ id: 12, status: 'sent' })]);
    stream.handlers!.onEvent({ type: 'deleted', id: 12 });
    expect(thread.getSnapshot().messages[0]).toMatchObject({ deleted: true, body: null });
    thread.stop();
  });
});

describe('the countdown', () => {
  it('reads in days and hours, hours and minutes, then seconds in the last ten minutes', () => {
    expect(countdown((2 * 24 * 60 + 3 * 60) * 60_000)).toBe('Starts in 2 days 3 h');
    expect(countdown((2 * 60 + 5) * 60_000)).toBe('Starts in 2 h 5 min');
    expect(countdown(25 * 60_000)).toBe('Starts in 25 min');
    expect(countdown(4 * 60_000 + 5000)).toBe('Starts in 4 min 05 s');
    expect(countdown(45_000)).toBe('Starts in 45 s');
  });
});
