import { expect, test } from '@playwright/test';
import { loginAs, onPath, sidebar } from './helpers.ts';

// Staff work in the back office (issue 24, item 6): they land on /admin, and from there reach the support
// inbox and every live discussion's room. Registration finds a school by its name (item 15).

for (const role of ['teacher', 'admin'] as const) {
  test(`a ${role} lands on the Admin Dashboard after signing in and when the app opens at /`, async ({
    page,
  }) => {
    await loginAs(page, role);
    await expect(page).toHaveURL(onPath('/admin'));
    await expect(page).toHaveTitle('Admin Dashboard | Pathbuilder');
    await expect(page.getByText('Go to the admin dashboard')).toHaveCount(0);

    await page.goto('/');
    await expect(page).toHaveURL(onPath('/admin'));
    // The admin sidebar's Dashboard entry (spec 2.7: "/") leads back here too.
    await page.goto('/admin/users');
    await sidebar(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page).toHaveURL(onPath('/admin'));
    await expect(page).toHaveTitle('Admin Dashboard | Pathbuilder');
  });
}

test('a student still lands on the Dashboard', async ({ page }) => {
  await loginAs(page, 'student');
  await expect(page).toHaveURL(onPath('/'));
  await expect(page).toHaveTitle('Dashboard | Pathbuilder');
});

test('the Admin Dashboard leads to the support inbox', async ({ page }) => {
  await loginAs(page, 'teacher');
  const card = page.getByRole('region', { name: 'Support inbox' });
  await expect(card).toContainText(/waiting for an answer/);
  await card.getByRole('link', { name: 'Open the support inbox' }).click();
  await expect(page).toHaveURL(onPath('/support'));
  await expect(page.getByRole('heading', { name: 'Support inbox' })).toBeVisible();
});

test('Manage Live Discussions and its edit screen open each room', async ({ page }) => {
  await loginAs(page, 'admin');
  await sidebar(page).getByRole('link', { name: 'Manage Live Discussions', exact: true }).click();
  await expect(page).toHaveURL(onPath('/admin/live-discussions'));
  const open = page.getByRole('link', { name: /^Open room: / }).first();
  const title = (await open.getAttribute('aria-label'))!.replace(/^Open room: /, '');
  await open.click();
  await expect(page).toHaveURL((url) => url.pathname === '/live' && url.searchParams.has('session'));
  const room = new URL(page.url()).searchParams.get('session')!;
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  // The edit screen of the same discussion opens the same room.
  await page.goto(`/admin/live-discussion/${room}`);
  await page.getByRole('link', { name: 'Open room', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/live' && url.searchParams.get('session') === room);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
});

test.describe('registration on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the school is found by its name among every school, and picking it fills in the location', async ({
    page,
  }) => {
    await page.goto('/registration');
    const school = page.getByRole('combobox', { name: 'School' });
    await school.fill('Little Acorns');
    await page.getByRole('option', { name: 'Little Acorns Early Learning Centre · Springfield' }).click();
    await expect(page.locator('input[name="school_id"]')).not.toHaveValue('');
    await expect(page.locator('input[name="location_id"]')).not.toHaveValue('');
    await expect(
      page.locator('.dropdown', { has: page.getByRole('combobox', { name: 'Location' }) }),
    ).toContainText('Springfield');

    // A search that matches nothing answers in the spec's words.
    await school.fill('No school is called this');
    await expect(page.getByText('No elements found. Consider changing the search query.')).toBeVisible();

    // The words say what happens before the school approves: what is open to every school shows.
    await expect(
      page.getByText(/Until its staff accept your request, you see what is open to every school/),
    ).toBeVisible();
  });
});
