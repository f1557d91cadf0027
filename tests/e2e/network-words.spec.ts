import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import {
  ACCOUNTS,
  DEMO_PASSWORD,
  fillLoginForm,
  loginAs,
  onPath,
  waitForServiceWorkerControl,
} from './helpers.ts';

// Network failures in plain words (issue 24, item 2): no "Failed to fetch" or any other raw error text, a
// sign-in that waits for the connection and goes through by itself, and credential errors in the form.

const RAW_ERROR = /Failed to fetch|TypeError|NetworkError|Load failed/;
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

test.describe('on a phone', () => {
  test.use(PHONE);

  test('signing in offline says so in plain words and signs in by itself when the connection is back', async ({
    page,
    context,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
    await context.setOffline(true);

    await fillLoginForm(page, ACCOUNTS.student, DEMO_PASSWORD);
    const waiting = page.getByRole('status').filter({ hasText: 'You’re offline' });
    await expect(waiting).toHaveText('You’re offline. We’ll sign you in when the connection is back.');
    await expect(page.locator('body')).not.toContainText(RAW_ERROR);
    // What was typed stays in the form, and the password is kept in no storage.
    await expect(page.getByLabel(/^password/i)).toHaveValue(DEMO_PASSWORD);
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toContain(DEMO_PASSWORD);
    await expect(page).toHaveURL(onPath('/login'));

    const signedIn = page.waitForResponse((r) => r.url().endsWith('/api/auth/login') && r.status() === 200);
    await context.setOffline(false);
    await signedIn;
    await expect(page).toHaveURL(onPath('/'));
    await expect(page).toHaveTitle('Dashboard | Pathbuilder');
  });

  test('a wrong password is the form’s message, above its button, not the e-mail field’s', async ({
    page,
  }) => {
    await page.goto('/login');
    await fillLoginForm(page, ACCOUNTS.teacher, 'not-the-password');
    const message = page
      .getByRole('alert')
      .filter({ hasText: 'These credentials do not match our records.' });
    await expect(message).toBeVisible();
    // The message sits right before the Login button, and the e-mail field is not marked as the culprit.
    await expect(page.locator('form .form-message--error + button[type="submit"]')).toHaveText('Login');
    await expect(page.getByLabel(/e-?mail/i)).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(onPath('/login'));
  });
});

/** The student's main screens, each by its path and the title it shows. */
const SCREENS: readonly (readonly [string, string])[] = [
  ['/', 'Dashboard'],
  ['/quizzes', 'Quizzes'],
  ['/exams', 'Exams'],
  ['/lectures', 'Lectures'],
  ['/videos', 'Videos'],
  ['/resources', 'Resources'],
  ['/test-your-self', 'Test Yourself'],
  ['/live', 'Live Discussions'],
  ['/settings', 'Settings'],
  ['/accounts', 'Account'],
  ['/support', 'Support'],
  ['/notifications', 'Notifications'],
  ['/learning-pathway', 'Learning Pathway'],
];

/** Opens a screen and waits until it has stopped loading (a spinner that stays is reported by the caller). */
async function openScreen(page: Page, path: string, title: string) {
  await page.goto(path);
  await expect(page).toHaveTitle(`${title} | Pathbuilder`);
  await expect(page.locator('.loading').filter({ visible: true })).toHaveCount(0, { timeout: 15_000 });
}

test('offline, no screen a student opened online shows raw error text', async ({ page, context }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'student');
  await waitForServiceWorkerControl(page);
  for (const [path, title] of SCREENS) await openScreen(page, path, title);

  await context.setOffline(true);
  const shown: string[] = [];
  for (const [path, title] of SCREENS) {
    await openScreen(page, path, title);
    const text = await page.locator('body').innerText();
    if (RAW_ERROR.test(text))
      shown.push(`${path}: ${text.match(new RegExp(`.*(${RAW_ERROR.source}).*`))?.[0]}`);
  }
  expect(shown, 'screens showing raw error text offline').toEqual([]);

  // The places that used to say "Failed to fetch" say what is going on instead.
  await openScreen(page, '/settings', 'Settings');
  await expect(page.getByRole('region', { name: 'Rankings' })).toContainText('You’re offline');
});
