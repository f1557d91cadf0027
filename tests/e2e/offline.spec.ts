import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { loginAs, onPath, sidebar, topBar } from './helpers.ts';

/** Waits until the service worker is active and controls this page (a first visit may need a reload). */
async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none'),
      {
        message: 'a service worker is registered and activated',
        timeout: 15_000,
      },
    )
    .toBe('activated');
  const controlled = () => page.evaluate(() => navigator.serviceWorker.controller !== null);
  if (!(await controlled())) await page.reload();
  await expect
    .poll(controlled, { message: 'the service worker controls the page', timeout: 15_000 })
    .toBe(true);
}

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
