import { expect, test } from '@playwright/test';
import {
  confirmDialog,
  loginAs,
  logoutEntry,
  logoutThroughSidebar,
  onPath,
  sidebar,
  storagesHolding,
} from './helpers.ts';

test.describe('a visitor who is not logged in', () => {
  for (const path of ['/', '/quizzes', '/settings', '/admin/users']) {
    test(`opening ${path} lands on the login page`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(onPath('/login'));
      await expect(page).toHaveTitle('Login | Pathbuilder');
      await expect(sidebar(page)).toHaveCount(0);
    });
  }

  test('the other full-page screens open without logging in, with their titles', async ({ page }) => {
    await page.goto('/registration');
    await expect(page).toHaveTitle('Registration | Pathbuilder');
    await page.goto('/reset-password');
    await expect(page).toHaveTitle('Reset Password | Pathbuilder');
    await expect(page).toHaveURL(onPath('/reset-password'));
  });
});

test.describe('logging in', () => {
  test('without "remember me" the token lives in session storage only', async ({ page }) => {
    const token = await loginAs(page, 'student');
    await expect(page).toHaveURL(onPath('/'));
    await expect(page).toHaveTitle('Dashboard | Pathbuilder');
    expect(await storagesHolding(page, token)).toEqual({ local: false, session: true });
  });

  test('with "remember me" the token lives in local storage and survives a new tab', async ({
    page,
    context,
  }) => {
    const token = await loginAs(page, 'student', { remember: true });
    expect((await storagesHolding(page, token)).local).toBe(true);

    const secondTab = await context.newPage();
    await secondTab.goto('/settings');
    await expect(secondTab).toHaveURL(onPath('/settings'));
    await expect(sidebar(secondTab)).toBeVisible();
  });

  test('a wrong password keeps you on the login page', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel(/e-?mail/i).fill('teacher@pathbuilder.test');
    await page.getByLabel(/^password/i).fill('not-the-password');
    await page.getByRole('button', { name: /^(log ?in|sign in)$/i }).click();
    await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
    await expect(page).toHaveURL(onPath('/login'));
  });
});

test.describe('logging out', () => {
  test('asks first; Cancel keeps you logged in', async ({ page }) => {
    const token = await loginAs(page, 'student');
    await page.goto('/settings');
    await logoutEntry(page).click();
    const dialog = confirmDialog(page);
    await expect(dialog).toContainText('Confirm');
    await expect(dialog).toContainText('Are you sure you want to logout?');
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();

    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(onPath('/settings'));
    await expect(sidebar(page)).toBeVisible();
    expect((await storagesHolding(page, token)).session).toBe(true);
  });

  test('Yes goes to /login and forgets the token everywhere', async ({ page }) => {
    const token = await loginAs(page, 'student', { remember: true });
    await logoutThroughSidebar(page);
    await expect(page).toHaveTitle('Login | Pathbuilder');
    expect(await storagesHolding(page, token)).toEqual({ local: false, session: false });

    // The old session is gone on the server too, and the app no longer lets you in.
    const refresh = await page.request.get('/api/refresh', { headers: { Authorization: `Bearer ${token}` } });
    expect(refresh.status()).toBe(401);
    await page.goto('/');
    await expect(page).toHaveURL(onPath('/login'));
  });
});
