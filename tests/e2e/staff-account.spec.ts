import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { confirmDialog, gearButton, loginAs, loginWith, onPath, sidebar, topBar } from './helpers.ts';
import { adminToken, apiLogin, bearer, registerStudent } from './learning-helpers.ts';

type StaffAssessment = { id: number; title: string; school_ids: number[]; can_edit: boolean };

async function staffList(
  request: APIRequestContext,
  token: string,
  kind: 'quiz' | 'diagnostic',
): Promise<StaffAssessment[]> {
  const response = await request.get(`/api/admin/assessments?kind=${kind}&per_page=100`, {
    headers: bearer(token),
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: StaffAssessment[] }).data;
}

test('a teacher finds the seeded quizzes their students take, and opens one read-only', async ({
  page,
  request,
}) => {
  const forEveryone = (await staffList(request, await adminToken(request), 'quiz')).find(
    (q) => q.school_ids.length === 0,
  );
  if (!forEveryone) throw new Error('The demo data has no quiz for every school.');

  await loginAs(page, 'teacher');
  await gearButton(page).click();
  await sidebar(page).getByRole('link', { name: 'Manage Quizzes', exact: true }).click();
  await expect(page).toHaveURL(onPath('/admin/quizzes'));
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: forEveryone.title, exact: true }) });
  await expect(row).toContainText('Read-only');
  await row.getByRole('link', { name: `View ${forEveryone.title}`, exact: true }).click();

  await expect(page).toHaveURL(onPath(`/admin/quiz/${forEveryone.id}`));
  await expect(page.getByRole('heading', { name: forEveryone.title, level: 1 })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('only an admin edits it');
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save quiz', exact: true })).toHaveCount(0);
});

test('a diagnostic opened under /admin/quiz/{id} lands on /admin/diagnostic/{id}', async ({
  page,
  request,
}) => {
  const [diagnostic] = await staffList(request, await adminToken(request), 'diagnostic');
  if (!diagnostic) throw new Error('The demo data has no diagnostic.');

  await loginAs(page, 'admin');
  await page.goto(`/admin/quiz/${diagnostic.id}`);
  await expect(page).toHaveURL(onPath(`/admin/diagnostic/${diagnostic.id}`));
  await expect(page).toHaveTitle('Diagnostic | Pathbuilder');
  await expect(page.getByRole('heading', { name: diagnostic.title, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save diagnostic', exact: true })).toBeVisible();
});

test('a user signs out their other devices from the Account screen', async ({ page, request }) => {
  // An account of its own: signing out the demo accounts' other devices would end other tests' sessions.
  const password = 'devices-learner-1';
  const email = await registerStudent(request, {
    password,
    schoolName: 'Little Acorns Early Learning Centre',
  });
  const phone = await apiLogin(request, email, password);
  await loginWith(page, email, password);

  // The greeting in the top bar opens the own Account.
  await topBar(page).getByRole('link', { name: /^Hi, / }).click();
  await expect(page).toHaveURL(onPath('/accounts'));
  // Signed in three times: at registration, on the "phone" (the API) and in this browser.
  const devices = page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
  await expect(devices).toHaveCount(3);
  await expect(devices.filter({ hasText: 'This device' })).toHaveCount(1);

  await page.getByRole('button', { name: 'Sign out other devices', exact: true }).click();
  await confirmDialog(page).getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(page.getByText('Signed out of 2 other devices.')).toBeVisible();
  await expect(devices).toHaveCount(1);

  // The other device's next request is refused; this one carries on.
  expect((await request.get('/api/refresh', { headers: bearer(phone) })).status()).toBe(401);
  await page.reload();
  await expect(page).toHaveURL(onPath('/accounts'));
  await expect(devices.filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(devices).toHaveCount(1);
});
