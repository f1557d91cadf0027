import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signInThroughForm, sidebar, topBar, waitForServiceWorkerControl } from './helpers.ts';
import { apiLogin, bearer, registerStudent, takeDiagnosticThroughApi } from './learning-helpers.ts';

// Issue 22, "never show old data as fresh", with the service worker in control: its copies of /api GETs
// (kept for a week, for the train) may answer only when the network cannot; the client's 5-minute cache
// never keeps one of them as fresh; offline, the copy is shown and says how old it is.

const DEMO_SCHOOL = 'Little Acorns Early Learning Centre';
const PASSWORD = 'fresh-reader-2024';

/**
 * Moves every entry of the client's 5-minute GET cache (lib/get-cache.ts: idb-keyval's store
 * `pathbuilder-get-cache`/`responses`) six minutes into the past, as if the student had been away.
 */
async function expireClientCache(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('pathbuilder-get-cache');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('responses', 'readwrite');
          const cursorRequest = tx.objectStore('responses').openCursor();
          cursorRequest.onsuccess = () => {
            const cursor = cursorRequest.result;
            if (!cursor) return;
            const entry = cursor.value as { storedAt: number; producedAt?: number };
            const away = 6 * 60 * 1000;
            cursor.update({
              ...entry,
              storedAt: entry.storedAt - away,
              producedAt: entry.producedAt === undefined ? undefined : entry.producedAt - away,
            });
            cursor.continue();
          };
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

/** Inside the app (no reload), the way a student goes back to a list. */
async function openFromMenu(page: Page, name: string, path: string): Promise<void> {
  await sidebar(page).getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === path && url.search === '');
}

const progress = (page: Page) => page.locator('.lectures__progress');

/**
 * "n of N lectures read", n exactly. N counts every lecture the student may see, which specs running beside
 * this one can add to (content.spec.ts writes a lecture for every school): it may only have grown.
 */
async function expectRead(page: Page, n: number, atLeast: number): Promise<void> {
  await expect(progress(page)).toHaveText(new RegExp(`^${n} of \\d+ lectures read$`));
  const shown = Number(/ of (\d+) /.exec((await progress(page).textContent()) ?? '')?.[1]);
  expect(shown).toBeGreaterThanOrEqual(atLeast);
}

test('lists reach the server online once the 5-minute cache is past, show the own last action, and offline show the saved copy marked', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const request = page.request;
  const email = await registerStudent(request, { password: PASSWORD, schoolName: DEMO_SCHOOL });
  const token = await apiLogin(request, email, PASSWORD);
  await takeDiagnosticThroughApi(request, token);
  const listed = await request.get('/api/lectures', { headers: bearer(token) });
  expect(listed.status()).toBe(200);
  const { data: lectures } = (await listed.json()) as { data: { id: number; title: string }[] };
  expect(lectures.length).toBeGreaterThanOrEqual(2);
  const [first, second] = lectures as [{ id: number; title: string }, { id: number; title: string }];
  const total = lectures.length;

  await signInThroughForm(page, email, PASSWORD);
  // The worker precaches the whole build before it activates: on a busy machine that takes a while.
  await expect
    .poll(
      () =>
        page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none'),
      { timeout: 60_000 },
    )
    .toBe('activated');
  await waitForServiceWorkerControl(page);

  await openFromMenu(page, 'Lectures', '/lectures');
  await expectRead(page, 0, total);

  // The student's own action: the lecture open long enough counts as read, and the list says so at once.
  const marked = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/lectures/${first.id}/read`),
  );
  await page.getByRole('link', { name: new RegExp(first.title) }).click();
  expect((await marked).status()).toBe(200);
  await openFromMenu(page, 'Lectures', '/lectures');
  await expectRead(page, 1, total);

  // Read on another device (the phone) while this one still holds the list, then away past 5 minutes.
  await openFromMenu(page, 'Dashboard', '/');
  const elsewhere = await request.put(`/api/lectures/${second.id}/read`, { headers: bearer(token) });
  expect(elsewhere.status()).toBe(200);
  await expireClientCache(page);

  // Online: the server's answer, not the worker's week-long copy of the list.
  await openFromMenu(page, 'Lectures', '/lectures');
  await expectRead(page, 2, total);
  await expect(page.getByText(/^Offline, last updated/)).toHaveCount(0);

  // And the client did not keep an old copy as fresh: going back and forth shows the same.
  await openFromMenu(page, 'Dashboard', '/');
  await openFromMenu(page, 'Lectures', '/lectures');
  await expectRead(page, 2, total);

  // Offline, past the 5 minutes: the worker's copy, the latest one, marked as saved earlier.
  await openFromMenu(page, 'Dashboard', '/');
  await expireClientCache(page);
  await context.setOffline(true);
  await expect(topBar(page).getByRole('status')).toHaveText('Offline');
  await openFromMenu(page, 'Lectures', '/lectures');
  await expectRead(page, 2, total);
  await expect(
    page.getByRole('status').filter({ hasText: /^Offline, last updated \d{2}:\d{2}$/ }),
  ).toBeVisible();
});
