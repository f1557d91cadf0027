import { describe, expect, it } from 'vitest';
import { SAVED_COPY_HEADER } from '../../../src/shared/fresh-reads.ts';
import { asksNetworkFirst, asSavedCopy, markSavedCopies } from '../../../sw/saved-copy.ts';

// The service worker's side of "never show old data as fresh" (sw/saved-copy.ts).

const DATE = 'Thu, 19 Nov 2026 09:30:00 GMT';

function stored(): Response {
  return new Response(JSON.stringify({ data: [1] }), {
    status: 200,
    headers: { 'Content-Type': 'application/json', Date: DATE },
  });
}

type Hook = (options: { cachedResponse?: Response }) => Promise<Response | null | undefined>;
const willBeUsed = markSavedCopies.cachedResponseWillBeUsed as unknown as Hook;

describe('the worker’s saved copies of /api GETs', () => {
  it('say they are a copy, and since when, with the same body and status', async () => {
    const copy = asSavedCopy(stored());
    expect(copy.status).toBe(200);
    expect(copy.headers.get(SAVED_COPY_HEADER)).toBe(DATE);
    expect(copy.headers.get('Date')).toBe(DATE);
    expect(await copy.json()).toEqual({ data: [1] });
  });

  it('are marked whenever a strategy answers from its cache; a missing copy stays missing', async () => {
    const marked = await willBeUsed({ cachedResponse: stored() });
    expect(marked?.headers.get(SAVED_COPY_HEADER)).toBe(DATE);
    expect(await willBeUsed({ cachedResponse: undefined })).toBeUndefined();
    const undated = await willBeUsed({ cachedResponse: new Response('{}') });
    expect(undated?.headers.get(SAVED_COPY_HEADER)).toBe('saved');
  });

  it('answer a read that asks for the network first only when the network fails', () => {
    const url = `${window.location.origin}/api/lectures`;
    expect(asksNetworkFirst(new Request(url, { cache: 'no-cache' }))).toBe(true);
    expect(asksNetworkFirst(new Request(url))).toBe(false);
  });
});
