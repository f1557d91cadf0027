import type { BuiltApp } from '../../../src/server/app.ts';

/** Inserts a live discussion straight into the database (the back office's own tests cover its editor). */
export async function createLiveSession(
  app: BuiltApp,
  o: {
    title?: string;
    /** Minutes from now to the start (negative: started already). */
    startsIn: number;
    /** Minutes long. */
    minutes?: number;
    schoolIds?: number[];
    published?: boolean;
    meetingUrl?: string | null;
  },
): Promise<number> {
  const now = Date.now();
  const iso = (t: number) => new Date(t).toISOString();
  const starts = now + o.startsIn * 60_000;
  const row = await app.ctx.db
    .insertInto('content_items')
    .values({
      kind: 'live-discussion',
      title: o.title ?? 'Q&A: planning play-based literacy activities',
      summary: 'Bring your questions.',
      body_html: '<p>Bring your questions.</p>',
      published: o.published === false ? 0 : 1,
      starts_at: iso(starts),
      ends_at: iso(starts + (o.minutes ?? 60) * 60_000),
      meeting_url: o.meetingUrl === undefined ? 'https://meet.example.test/literacy' : o.meetingUrl,
      created_at: iso(now),
      updated_at: iso(now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (o.schoolIds?.length)
    await app.ctx.db
      .insertInto('content_schools')
      .values(o.schoolIds.map((school_id) => ({ content_id: row.id, school_id })))
      .execute();
  return row.id;
}

export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

/** Reads a server-sent event stream from fetch(); `next` waits for the first event that matches. */
export function readEvents(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  let buffer = '';
  let done = false;
  const waiters = new Set<() => void>();
  void (async () => {
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        buffer += decoder.decode(chunk.value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const e: SseEvent = { event: 'message', data: '' };
          let hasData = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const [field, ...rest] = line.split(':');
            const value = rest.join(':').replace(/^ /, '');
            if (field === 'id') e.id = value;
            if (field === 'event') e.event = value;
            if (field === 'data') {
              e.data += value;
              hasData = true;
            }
          }
          if (hasData) events.push(e);
        }
        waiters.forEach((w) => w());
      }
    } catch {
      // Cancelled.
    }
    done = true;
    waiters.forEach((w) => w());
  })();
  return {
    events,
    ended: () => done,
    async next(match: (e: SseEvent) => boolean, timeoutMs = 2000): Promise<SseEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        if (done) throw new Error('the stream ended');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          const wake = () => {
            clearTimeout(timer);
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
        });
      }
    },
    cancel: () => reader.cancel().catch(() => {}),
  };
}
