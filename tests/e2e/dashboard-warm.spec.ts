import type { Page, Route } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { loginAs, logoutThroughSidebar, waitForServiceWorkerControl } from './helpers.ts';

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

const PAINTED_CACHE = 'pathbuilder-painted-dashboard';

/** Whether the device keeps a painted dashboard for the worker (src/shared/painted-dashboard.ts). */
const paintedKept = (page: Page) =>
  page.evaluate(async (name) => {
    if (!(await caches.has(name))) return false;
    return (await (await caches.open(name)).keys()).length > 0;
  }, PAINTED_CACHE);

/** Reloads `at` with the page's scripts off (the worker still answers): what the HTML alone shows. */
async function openWithoutScripts(page: Page, at: string): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
  await page.goto(at);
  return async () => {
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: false });
    await cdp.detach();
  };
}

test('the worker paints the held dashboard into the page before any script runs, marked as held; signing out removes it', async ({
  page,
}) => {
  await loginAs(page, 'student', { remember: true });
  await waitForServiceWorkerControl(page);
  await expect(nextStep(page)).toBeVisible();
  await expect.poll(() => paintedKept(page)).toBe(true);

  // No script runs: the next step and the held stamp are in the HTML the worker answered with.
  const restore = await openWithoutScripts(page, '/');
  await expect(nextStep(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome, Sam Rivera' })).toBeVisible();
  await expect(page.locator('.offline-stamp')).toHaveText(/^Refreshing, last updated \d{2}:\d{2}$/);
  await expect(page.getByText('Up to date', { exact: true })).toHaveCount(0);
  await restore();

  // With scripts, React takes over the same page and the server's answer replaces the held copy.
  await page.reload();
  await expect(page.locator('.offline-stamp')).toHaveText('Up to date');
  await expect(nextStep(page)).toBeVisible();

  await logoutThroughSidebar(page);
  // The session ends at once (the login screen shows); the painted copy's removal follows it.
  await expect.poll(() => paintedKept(page)).toBe(false);
  // Signed out, / paints nobody's dashboard.
  const restoreAgain = await openWithoutScripts(page, '/');
  await expect(page.locator('#root')).toBeEmpty();
  await restoreAgain();
});

test('a session the device does not remember gets no painted dashboard', async ({ page }) => {
  await loginAs(page, 'student');
  await waitForServiceWorkerControl(page);
  await expect(nextStep(page)).toBeVisible();
  // A warm start of it: the dashboard's answer would have kept a painted copy by now.
  await page.reload();
  await expect(page.locator('.offline-stamp')).toHaveText('Up to date');
  await expect(nextStep(page)).toBeVisible();
  expect(await paintedKept(page)).toBe(false);
});

test('a dropped session (401) removes the painted dashboard', async ({ page }) => {
  await loginAs(page, 'student', { remember: true });
  await waitForServiceWorkerControl(page);
  await expect(nextStep(page)).toBeVisible();
  await expect.poll(() => paintedKept(page)).toBe(true);
  // The server drops the session (as when it is revoked from another device): the start's reads answer
  // 401 and the app signs out.
  const revoked = await page.evaluate(async () => {
    const token = localStorage.getItem('auth_token') ?? '';
    return (
      await fetch('/api/auth/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` } })
    ).status;
  });
  expect(revoked).toBe(204);
  await page.reload();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await expect.poll(() => paintedKept(page)).toBe(false);
});
