import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD, signInThroughForm } from './helpers.ts';
import {
  adminToken,
  apiLogin,
  bearer,
  registerStudent,
  takeDiagnosticThroughApi,
} from './learning-helpers.ts';

// Issue 24, items 3, 5 and 11 on a phone: the dashboard leads with one next step, a bottom bar reaches the
// core screens, what is new shows at the top, and the three screens count the same ready topics.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const PHONE_HEIGHT = 844;
const nextStep = (page: Page) => page.getByRole('region', { name: 'Your next step' });
const bottomBar = (page: Page) => page.getByRole('navigation', { name: 'Quick links' });

/** The page's main actions (filled buttons, not the secondary ones) that show on the first screen. */
async function primaryActionsOnFirstScreen(page: Page): Promise<string[]> {
  return page
    .getByRole('main')
    .locator('a.button:not(.button--secondary), button.button:not(.button--secondary)')
    .evaluateAll(
      (elements, height) =>
        elements
          .filter((e) => {
            const box = e.getBoundingClientRect();
            return box.width > 0 && box.height > 0 && box.top < height && box.bottom > 0;
          })
          .map((e) => e.textContent?.trim() ?? ''),
      PHONE_HEIGHT,
    );
}

/** On a phone the sidebar starts closed: signed in is leaving the login screen. */
async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await signInThroughForm(page, email, password);
}

async function heightOf(locator: Locator): Promise<number> {
  return (await locator.boundingBox())?.height ?? 0;
}

test('the first screen holds one way on, and the bottom bar reaches the pathway and practice', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.student);
  await page.goto('/');
  await expect(nextStep(page)).toBeVisible();

  // Exactly one filled button above the fold, and it is the next step's: it continues learning.
  const actions = await primaryActionsOnFirstScreen(page);
  expect(actions).toHaveLength(1);
  expect(['Continue', 'Start the quiz', 'Retake the quiz', 'Start']).toContain(actions[0]);
  await expect(nextStep(page).getByText(actions[0]!, { exact: true })).toBeVisible();
  await expect(nextStep(page).getByRole('heading', { level: 2 })).toHaveText(/^(Continue|Next): /);

  // The bar: four entries a thumb can hit, below the page, which ends above it.
  const bar = bottomBar(page);
  await expect(bar.getByRole('link')).toHaveText(['Home', 'My path', 'Practice', 'Results']);
  for (const link of await bar.getByRole('link').all())
    expect(await heightOf(link)).toBeGreaterThanOrEqual(44);
  await expect(bar.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  const barTop = (await bar.boundingBox())!.y;
  expect(barTop + (await heightOf(bar))).toBeLessThanOrEqual(PHONE_HEIGHT + 1);
  await page.getByRole('main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
  const last = page.getByRole('main').locator('.card').last();
  const lastBox = (await last.boundingBox())!;
  expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(barTop);

  await bar.getByRole('link', { name: 'My path' }).tap();
  await expect(page).toHaveURL((url) => url.pathname === '/learning-pathway');
  // The screen's own heading (kept for screen readers; on a phone the top bar shows the same words).
  await expect(
    page.getByRole('main').getByRole('heading', { level: 1, name: 'Learning Pathway' }),
  ).toBeAttached();
  await expect(bar.getByRole('link', { name: 'My path' })).toHaveAttribute('aria-current', 'page');

  await bar.getByRole('link', { name: 'Practice' }).tap();
  await expect(page).toHaveURL((url) => url.pathname === '/test-your-self');

  await bar.getByRole('link', { name: 'Results' }).tap();
  await expect(page).toHaveURL((url) => url.pathname === '/learning-profile');

  await bar.getByRole('link', { name: 'Home' }).tap();
  await expect(nextStep(page)).toBeVisible();
});

test('a student whose menu is still locked gets no bottom bar', async ({ page }) => {
  await signIn(page, ACCOUNTS.newStudent);
  await expect(page.getByRole('link', { name: 'Take the diagnostic' })).toBeVisible();
  await expect(bottomBar(page)).toHaveCount(0);
});

test('an answered support ticket shows at the top of the dashboard', async ({ page }) => {
  test.setTimeout(60_000);
  const password = 'dashboard-phone-2026';
  // A school and student of our own: the demo school's figures stay as other specs expect them.
  const schoolName = `Dashboard Phone Nursery ${Date.now().toString(36)}`;
  const { data: locations } = (await (await page.request.get('/api/lookups/locations')).json()) as {
    data: { id: number }[];
  };
  const school = await page.request.post('/api/admin/schools', {
    headers: bearer(await adminToken(page.request)),
    data: { name: schoolName, location_id: locations[0]!.id },
  });
  expect(school.status(), await school.text()).toBeLessThan(300);
  const email = await registerStudent(page.request, { password, schoolName });
  const token = await apiLogin(page.request, email, password);
  await takeDiagnosticThroughApi(page.request, token);
  const ticket = await page.request.post('/api/support/tickets', {
    headers: bearer(token),
    data: { subject: 'Cannot find my exam', category: 'assessments', message: 'Where is the mid-term?' },
  });
  expect(ticket.status(), await ticket.text()).toBeLessThan(300);
  const { ticket: made } = (await ticket.json()) as { ticket: { id: number } };
  const reply = await page.request.post(`/api/support/tickets/${made.id}/messages`, {
    headers: bearer(await adminToken(page.request)),
    data: { message: 'It opens on Monday: see Exams.' },
  });
  expect(reply.status(), await reply.text()).toBeLessThan(300);
  const { data: unseen } = (await (
    await page.request.get('/api/usernotifications?seen=0&limit=1&user_id=' + (await userId(page, token)), {
      headers: bearer(token),
    })
  ).json()) as { data: { title: string }[] };
  expect(unseen).toHaveLength(1);

  await signIn(page, email, password);
  const news = page.getByRole('region', { name: 'New notifications' });
  await expect(news).toContainText(/\d+ new notifications?/);
  await expect(news).toContainText(unseen[0]!.title);
  // At the top: above the next step, on the first screen.
  const newsBox = (await news.boundingBox())!;
  expect(newsBox.y + newsBox.height).toBeLessThanOrEqual((await nextStep(page).boundingBox())!.y);
  expect(newsBox.height).toBeGreaterThanOrEqual(44);
  await news.getByRole('link').tap();
  await expect(page).toHaveURL((url) => url.pathname === '/notifications');
  await expect(page.getByRole('main').getByRole('heading', { name: unseen[0]!.title })).toBeVisible();
});

async function userId(page: Page, token: string): Promise<number> {
  const refreshed = (await (await page.request.get('/api/refresh', { headers: bearer(token) })).json()) as {
    user: { id: number };
  };
  return refreshed.user.id;
}

test('the diagnostic results, the dashboard and the pathway count the same ready topics', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.student);

  await page.goto('/diagnostic-results');
  const summary = page.getByRole('region', { name: 'Your starting point' });
  await expect(summary).toContainText(/You are ready to learn \d+ topics?\./);
  const onResults = Number(/ready to learn (\d+) topic/.exec((await summary.textContent()) ?? '')?.[1]);

  await page.goto('/');
  const pathwayLink = page
    .getByRole('region', { name: 'Your learning' })
    .getByRole('link', { name: /Your pathway/ });
  await expect(pathwayLink).toHaveText(/\(\d+ ready\)/);
  const onDashboard = Number(/\((\d+) ready\)/.exec((await pathwayLink.textContent()) ?? '')?.[1]);

  await page.goto('/learning-pathway');
  const ready = page.getByRole('region', { name: 'Ready to learn' });
  await expect(ready).toBeVisible();
  const showAll = ready.getByRole('button', { name: /^Show all \d+$/ });
  if (await showAll.count()) await showAll.tap();
  const onPathway = await ready.getByRole('listitem').count();

  expect(onResults).toBeGreaterThan(0);
  expect(onDashboard).toBe(onResults);
  expect(onPathway).toBe(onResults);
});
