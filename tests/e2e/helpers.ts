import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

// Texts are written out from the spec on purpose (not imported from src/shared): the tests are an
// independent check that the product shows exactly what the spec says.
export const DEMO_PASSWORD = 'pathbuilder-demo';

export const ACCOUNTS = {
  admin: 'admin@pathbuilder.test',
  teacher: 'teacher@pathbuilder.test',
  student: 'student@pathbuilder.test',
  newStudent: 'new.student@pathbuilder.test',
} as const;
export type DemoRole = keyof typeof ACCOUNTS;

export type MenuEntry = readonly [label: string, href: string];

/** Spec 2.6, in order (the settings group last). */
export const STUDENT_MENU: readonly MenuEntry[] = [
  ['Dashboard', '/'],
  ['Quizzes', '/quizzes'],
  ['Exams', '/exams'],
  ['Lectures', '/lectures'],
  ['Videos', '/videos'],
  ['Resources', '/resources'],
  ['Test Yourself', '/test-your-self'],
  ['Profile Record', '/profile-record'],
  ['Live Discussions', '/live'],
  ['Account', '/accounts'],
  ['Support', '/support'],
  ['Settings', '/settings'],
];

const ADMIN_MENU_WITH_ROLES: readonly (readonly [string, string, 'admin' | 'both'])[] = [
  ['Dashboard', '/', 'both'],
  ['Manage Users Role', '/admin/users-role', 'admin'],
  ['Manage Schools', '/admin/schools', 'both'],
  ['Manage Users', '/admin/users', 'both'],
  ['Manage Knowledge Graph', '/admin/knowledge-graph', 'admin'],
  ['Manage Questions', '/admin/questions', 'admin'],
  ['Manage Announcements', '/admin/announcements', 'both'],
  ['Manage Quizzes', '/admin/quizzes', 'both'],
  ['Manage Exams', '/admin/exams', 'both'],
  ['Manage Diagnostics', '/admin/diagnostics', 'admin'],
  ['Manage Lectures', '/admin/lectures', 'admin'],
  ['Manage Videos', '/admin/videos', 'both'],
  ['Manage Resources', '/admin/resources', 'both'],
  ['Manage Live Discussions', '/admin/live-discussions', 'both'],
  ['Reports', '/admin/reports', 'both'],
];
/** Spec 2.7. */
export const ADMIN_MENU: readonly MenuEntry[] = ADMIN_MENU_WITH_ROLES.map(([label, href]) => [label, href]);
export const TEACHER_MENU: readonly MenuEntry[] = ADMIN_MENU_WITH_ROLES.filter(
  ([, , who]) => who === 'both',
).map(([label, href]) => [label, href]);

export const sidebar = (page: Page): Locator => page.getByRole('navigation', { name: 'Main menu' });
export const topBar = (page: Page): Locator => page.getByRole('banner');
/** Named "Notifications", plus ", 3 unseen" while the badge shows a count. */
export const bellButton = (page: Page): Locator =>
  page.getByRole('button', { name: /^Notifications(, (\d|9\+) unseen)?$/ });
export const gearButton = (page: Page): Locator => page.getByRole('button', { name: 'Admin', exact: true });
export const logoutEntry = (page: Page): Locator =>
  sidebar(page).getByRole('button', { name: 'Logout', exact: true });
export const confirmDialog = (page: Page): Locator => page.getByRole('dialog');

/** The sidebar lists exactly these links, in this order, each pointing where the spec says. */
export async function expectMenu(page: Page, entries: readonly MenuEntry[]): Promise<void> {
  const links = sidebar(page).getByRole('link');
  await expect(links).toHaveText(entries.map(([label]) => label));
  for (const [index, [, href]] of entries.entries()) {
    await expect(links.nth(index)).toHaveAttribute('href', href);
  }
}

export async function fillLoginForm(
  page: Page,
  email: string,
  password: string,
  { remember = false }: { remember?: boolean } = {},
): Promise<void> {
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  if (remember) await page.getByLabel(/remember/i).check();
  await page.getByRole('button', { name: /^(log ?in|sign in)$/i }).click();
}

/**
 * Signs in through the login form and waits until the app has left it. Unlike loginAs it reads nothing of
 * the menu, which starts closed on a phone and may differ by role.
 */
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await fillLoginForm(page, email, password);
  await expect(page).toHaveURL((url) => url.pathname !== '/login');
}

/** Logs in through the login screen; resolves with the access token the server issued. */
export async function loginWith(
  page: Page,
  email: string,
  password: string,
  options: { remember?: boolean } = {},
): Promise<string> {
  await page.goto('/login');
  const answer = page.waitForResponse(
    (response) => response.url().endsWith('/api/auth/login') && response.request().method() === 'POST',
  );
  await fillLoginForm(page, email, password, options);
  const response = await answer;
  expect(response.status(), `login of ${email}`).toBe(200);
  const { access_token: token } = (await response.json()) as { access_token: string };
  await expect(page).toHaveURL((url) => url.pathname !== '/login');
  await expect(sidebar(page)).toBeVisible();
  return token;
}

export const loginAs = (page: Page, role: DemoRole, options: { remember?: boolean } = {}): Promise<string> =>
  loginWith(page, ACCOUNTS[role], DEMO_PASSWORD, options);

/** Which browser storage areas hold `token` anywhere in their values. */
export async function storagesHolding(
  page: Page,
  token: string,
): Promise<{ local: boolean; session: boolean }> {
  return page.evaluate((needle) => {
    const holds = (storage: Storage) =>
      Array.from({ length: storage.length }, (_, i) => storage.getItem(storage.key(i) ?? '') ?? '').some(
        (value) => value.includes(needle),
      );
    return { local: holds(localStorage), session: holds(sessionStorage) };
  }, token);
}

export async function logoutThroughSidebar(page: Page): Promise<void> {
  await logoutEntry(page).click();
  await expect(confirmDialog(page)).toContainText('Are you sure you want to logout?');
  await confirmDialog(page).getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
}

export const onPath = (pathname: string) => (url: URL) => url.pathname === pathname;

/** Waits until the service worker is active and controls this page (a first visit may need a reload). */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
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

/**
 * Waits until the PDF viewer in `scope` has drawn its page (its frame no longer `aria-busy`). The first PDF a
 * browser opens fetches and compiles pdf.js and its worker (about 470 kB brotli): in a CI run whose e2e part
 * took 27 minutes instead of 11, that alone passed the default 10 s (stop 42), so the drawing gets 30 s.
 */
export async function expectPdfDrawn(scope: Page): Promise<void> {
  await expect(scope.locator('.pdf-viewer__frame')).toHaveAttribute('aria-busy', 'false', {
    timeout: 30_000,
  });
}
