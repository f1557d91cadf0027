import type { Page, Route } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD, loginAs, onPath, sidebar } from './helpers.ts';

// The build writes /login with its screen already in the HTML (scripts/vite-prerender.ts): on a slow phone
// the form shows, and takes typing, before the app's scripts have arrived; the app then takes it over.

/** Holds every script of the build until the returned function is called. */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  await page.route('**/assets/*.js', (route) => (released ? route.continue() : void held.push(route)));
  return async () => {
    released = true;
    await Promise.all(held.map((route) => route.continue()));
  };
}

const emailField = (page: Page) => page.getByLabel(/e-?mail/i);
const passwordField = (page: Page) => page.getByLabel(/^password/i);
const loginButton = (page: Page) => page.getByRole('button', { name: /^(log ?in|sign in)$/i });

test('without its scripts, /login already shows the sign-in form, styled', async ({ page }) => {
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/login');
  await expect(page).toHaveTitle('Login | Pathbuilder');
  await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
  await expect(page.getByText('Sign in to continue your learning.')).toBeVisible();
  await expect(emailField(page)).toBeVisible();
  await expect(emailField(page)).toBeEditable();
  await expect(passwordField(page)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toBeVisible();
  // The screen's own stylesheet is linked, not left to the script: the card is already laid out as a card.
  const card = page.locator('.auth-card');
  await expect(card).toHaveCSS('max-width', '440px');
  // No spinner over it: the page is shown, not pending.
  await expect(page.getByRole('status')).toHaveCount(0);
});

test('what is typed before the scripts arrive is kept, and signing in works', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const release = await holdScripts(page);
  // Not waiting for the load event: that comes only after the held scripts.
  await page.goto('/login', { waitUntil: 'commit' });
  await emailField(page).fill(ACCOUNTS.student);
  await passwordField(page).fill(DEMO_PASSWORD);
  await page.getByLabel(/remember/i).check();
  // Until the app runs, the form cannot be sent (the browser would put it in the address bar).
  await expect(loginButton(page)).toBeDisabled();

  const intro = page.getByText('Sign in to continue your learning.');
  const introNode = await intro.elementHandle();
  await release();
  await expect(loginButton(page)).toBeEnabled();
  // React took over the very same nodes (the painted text is not replaced) and kept the typing.
  expect(await introNode?.evaluate((node) => node.isConnected)).toBe(true);
  await expect(emailField(page)).toHaveValue(ACCOUNTS.student);
  await expect(passwordField(page)).toHaveValue(DEMO_PASSWORD);
  await expect(page.getByLabel(/remember/i)).toBeChecked();

  const answer = page.waitForResponse(
    (response) => response.url().endsWith('/api/auth/login') && response.request().method() === 'POST',
  );
  await loginButton(page).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { access_token: string };
  await expect(page).toHaveURL(onPath('/'));
  await expect(sidebar(page)).toBeVisible();
  // Remember me, ticked before the app ran, counted: the session is in local storage.
  expect(
    await page.evaluate((token) => JSON.stringify({ ...localStorage }).includes(token), body.access_token),
  ).toBe(true);
  expect(errors, 'console errors (a hydration mismatch would show here)').toEqual([]);
});

test('a signed-in visitor opening /login gets the working form, with no errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await loginAs(page, 'student');
  await page.goto('/login');
  await expect(loginButton(page)).toBeEnabled();
  await expect(emailField(page)).toHaveValue('');
  await emailField(page).fill(ACCOUNTS.student);
  await expect(emailField(page)).toHaveValue(ACCOUNTS.student);
  expect(errors).toEqual([]);
});

test('other paths still get the plain app shell', async ({ request }) => {
  const login = await (await request.get('/login')).text();
  expect(login).toContain('Sign in to continue your learning.');
  const registration = await request.get('/registration');
  expect(registration.headers()['cache-control']).toBe('no-cache');
  expect(await registration.text()).toContain('<div id="root"></div>');
});

test('a visitor without a session gets only the sign-in code before the form can be sent; the service worker comes after', async ({
  page,
}) => {
  // The moment the Login button stops being disabled, noted by the page itself.
  await page.addInitScript(() => {
    const w = window as unknown as { loginUsableAt?: number };
    new MutationObserver(() => {
      const button = document.querySelector('button[type="submit"]');
      if (w.loginUsableAt === undefined && button && !button.hasAttribute('disabled'))
        w.loginUsableAt = performance.now();
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await page.goto('/login');
  await expect(loginButton(page)).toBeEnabled();
  // Offline still works for this visitor: the worker registers (and precaches) once the form is usable.
  await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration()) !== undefined);
  // Chromium adds a script's resource-timing entry a moment after the script has run: wait for the
  // registration's own entry, so the timeline below is complete (a missing entry would read as "never fetched").
  await page.waitForFunction(() =>
    performance
      .getEntriesByType('resource')
      .some((e) => /\/sw-register-[^/]+\.js$/.test(new URL(e.name).pathname)),
  );
  const { usableAt, scripts } = await page.evaluate(() => ({
    usableAt: (window as unknown as { loginUsableAt: number }).loginUsableAt,
    scripts: performance
      .getEntriesByType('resource')
      .map((e) => ({ name: new URL(e.name).pathname, start: e.startTime }))
      .filter((e) => e.name.endsWith('.js')),
  }));
  const before = scripts.filter((s) => s.start < usableAt).map((s) => s.name);
  const after = scripts.filter((s) => s.start >= usableAt).map((s) => s.name);
  expect(before.some((name) => /\/login-screen-[^/]+\.js$/.test(name))).toBe(true);
  // Nothing of the dashboard, the offline items or the worker's registration before the form is usable.
  for (const chunk of [/\/dashboard-[^/]+\.js$/, /\/sw-register-/, /\/workbox-window/, /\/offline-content-/])
    expect(before.filter((name) => chunk.test(name))).toEqual([]);
  expect(after.some((name) => /\/sw-register-/.test(name))).toBe(true);
  // Without a session there are no answers waiting to be sent: the outbox's code (in the dashboard's chunk)
  // is not fetched at all.
  expect(after.filter((name) => /\/dashboard-[^/]+\.js$/.test(name))).toEqual([]);
});

test("a signed-in student opening the app fetches the dashboard's code and reads at once, and nothing of the sign-in screen", async ({
  page,
}) => {
  await loginAs(page, 'student', { remember: true });
  await expect(sidebar(page)).toBeVisible();
  await page.goto('/');
  await expect(page.locator('.dashboard__columns')).toBeVisible();
  // A resource-timing entry is added only once its answer is in (a script's, a moment after it has run), and
  // the dashboard may already show what the device held while its reads are on their way: wait for both.
  const fetched = () =>
    page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname + new URL(e.name).search),
    );
  // The dashboard's code, and its reads leaving at once in one request (POST /api/batch).
  await expect
    .poll(async () => {
      const names = await fetched();
      return names.some((name) => /\/dashboard-[^/]+\.js$/.test(name)) && names.includes('/api/batch');
    })
    .toBe(true);
  expect(
    (await fetched()).filter((name) => /\/(login-screen|auth-card|form-field)-[^/]+\.(js|css)$/.test(name)),
  ).toEqual([]);
});

test("a visitor without a session opening the app gets the sign-in screen's code, preloaded", async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(onPath('/login'));
  await expect(loginButton(page)).toBeEnabled();
  const preloaded = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
      (l) => new URL(l.href).pathname,
    ),
  );
  expect(preloaded.some((href) => /\/login-screen-[^/]+\.js$/.test(href))).toBe(true);
});
