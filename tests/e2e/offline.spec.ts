import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import {
  loginAs,
  logoutThroughSidebar,
  onPath,
  sidebar,
  topBar,
  waitForServiceWorkerControl,
} from './helpers.ts';

test('after one online visit the app opens offline, including a screen never visited before', async ({
  page,
  context,
}) => {
  await loginAs(page, 'student', { remember: true });
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  // The network really is gone for the page: an API call that is never cached fails.
  const health = await page.evaluate(() =>
    fetch('/api/health', { cache: 'no-store' }).then(
      () => 'reached the server',
      () => 'offline',
    ),
  );
  expect(health).toBe('offline');

  const reload = await page.reload();
  expect(reload?.fromServiceWorker(), 'the page came from the service worker').toBe(true);
  await expect(topBar(page)).toBeVisible();
  await expect(sidebar(page)).toBeVisible();
  await expect(page).toHaveTitle('Dashboard | Pathbuilder');

  // A lazily loaded screen, opened from the menu: its chunk must come from the precache.
  await sidebar(page).getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(onPath('/settings'));
  await expect(page).toHaveTitle('Settings | Pathbuilder');
  await expect(page.getByLabel(/current password/i)).toBeVisible();

  // A deep link typed while offline falls back to the cached shell, which routes to the screen.
  const deepLink = await page.goto('/accounts');
  expect(deepLink?.fromServiceWorker()).toBe(true);
  await expect(page).toHaveURL(onPath('/accounts'));
  await expect(page).toHaveTitle('Account | Pathbuilder');
  await expect(sidebar(page)).toBeVisible();

  await context.setOffline(false);
});

/** The URLs of the API answers the service worker keeps for offline use. */
const cachedApiUrls = (page: Page) =>
  page.evaluate(async () => {
    if (!(await caches.has('pathbuilder-api'))) return [];
    const cache = await caches.open('pathbuilder-api');
    return (await cache.keys()).map((request) => request.url);
  });

test("logging out leaves none of the session's answers in the offline cache", async ({ page }) => {
  await loginAs(page, 'student');
  await waitForServiceWorkerControl(page);
  // The account screen reads the school and location lists: answers the worker keeps for offline use.
  await sidebar(page).getByRole('link', { name: 'Account', exact: true }).click();
  await expect
    .poll(() => cachedApiUrls(page), { message: 'the account screen left answers in the cache' })
    .not.toEqual([]);

  await logoutThroughSidebar(page);
  await expect
    .poll(() => cachedApiUrls(page), { message: 'the page asked the service worker to CLEAR_API_CACHE' })
    .toEqual([]);
});
