import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { fillLoginForm, loginWith, logoutThroughSidebar, onPath, sidebar } from './helpers.ts';

/**
 * A student of our own, registered through the API: changing a demo account's password would lock
 * the other tests (running in parallel) out of it.
 */
async function registerStudent(request: APIRequestContext, password: string): Promise<string> {
  const locations = await request.get('/api/lookups/locations');
  expect(locations.ok()).toBe(true);
  const { data: places } = (await locations.json()) as { data: { id: number }[] };
  const schools = await request.get(`/api/lookups/schools?location_id=${places[0].id}`);
  const { data: schoolList } = (await schools.json()) as { data: { id: number; location_id: number }[] };
  const email = `e2e.${Date.now()}.${Math.floor(Math.random() * 1e6)}@pathbuilder.test`;
  const response = await request.post('/api/register', {
    data: {
      full_name: 'Settings Tester',
      email,
      password,
      password_confirmation: password,
      location_id: schoolList[0].location_id,
      school_id: schoolList[0].id,
    },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return email;
}

const oldPassword = 'first-password-1';
const newPassword = 'second-password-2';

test('changing the password: a wrong current password is refused, the right one saves', async ({ page }) => {
  const email = await registerStudent(page.request, oldPassword);
  await loginWith(page, email, oldPassword);
  await page.goto('/settings');
  await expect(page).toHaveTitle('Settings | Pathbuilder');

  const current = page.getByLabel(/current password/i);
  const fresh = page.getByLabel(/^new password/i);
  const confirmation = page.getByLabel(/confirm/i);
  const save = page.getByRole('button', { name: /save|change password|update/i });

  await current.fill('this-is-not-it');
  await fresh.fill(newPassword);
  await confirmation.fill(newPassword);
  await save.click();
  await expect(page.getByText('The current password is incorrect.')).toBeVisible();
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('New Password successfully saved!')).toHaveCount(0);

  await current.fill(oldPassword);
  await fresh.fill(newPassword);
  await confirmation.fill(newPassword);
  await save.click();
  await expect(page.getByText('New Password successfully saved!')).toBeVisible();
  await expect(page.getByText('The current password is incorrect.')).toHaveCount(0);
  // Changing the password keeps this session.
  await expect(page).toHaveURL(onPath('/settings'));
  await expect(sidebar(page)).toBeVisible();

  // The old password no longer opens the account; the new one does.
  await logoutThroughSidebar(page);
  await fillLoginForm(page, email, oldPassword);
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
  await loginWith(page, email, newPassword);
});
