import type { Page, Route } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { loginAs, waitForServiceWorkerControl } from './helpers.ts';

// Issue 28: a later start of the installed app paints the dashboard from what the device held, at once,
// marked as refreshing (never as new), then the server's answer without the mark.

const nextStep = (page: Page) => page.getByRole('region', { name: 'Your next step' });

test('with the worker in control, the dashboard opens on what the device held, marked as refreshing, then refreshes', async ({
  page,
}) => {
  await loginAs(page, 'student', { remember: true });
  await waitForServiceWorkerControl(page);
  await expect(nextStep(page)).toBeVisible();
  // The dashboard keeps what it showed for the next start (IndexedDB, per user).
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('pathbuilder-attempts');
            open.onsuccess = () => {
              const keys = open.result.transaction('attempts').objectStore('attempts').getAllKeys();
              keys.onsuccess = () =>
                resolve(keys.result.filter((k) => /^copy:\d+:\/my\/held-dashboard$/.test(String(k))).length);
            };
            open.onerror = () => resolve(0);
          }),
      ),
    )
    .toBe(1);

  // The server's lists are slow this time.
  let release!: () => void;
  const slow = new Promise<void>((resolve) => (release = resolve));
  const slowly = async (route: Route) => {
    await slow;
    await route.continue();
  };
  await page.route('**/api/my/assessments*', slowly);
  // The start-up prefetch asks for them in one request with the dashboard's other reads (POST /api/batch).
  await page.route('**/api/batch', slowly);
  await page.reload();
  await expect(nextStep(page)).toBeVisible();
  const stamp = page.locator('.offline-stamp');
  await expect(stamp).toHaveText(/^Refreshing, last updated \d{2}:\d{2}$/);
  await expect(stamp).toHaveAttribute('role', 'status');

  const heldTop = (await nextStep(page).boundingBox())?.y;
  release();
  // The server's answer replaces the held copy where it stands: the stamp says so, and nothing moves.
  await expect(stamp).toHaveText('Up to date');
  await expect(nextStep(page)).toBeVisible();
  expect((await nextStep(page).boundingBox())?.y).toBe(heldTop);
});
