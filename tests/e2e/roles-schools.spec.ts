import { expect, test } from '@playwright/test';
import { confirmDialog, gearButton, loginAs, onPath, sidebar } from './helpers.ts';

test('an admin adds a school, finds it, and makes a new user a teacher of it, which the audit log shows', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // Unique per run: the suite may be repeated against the same database.
  const stamp = Date.now();
  const schoolName = `Seaside Kindergarten ${stamp}`;
  const fullName = `Robin Role ${stamp}`;
  const email = `e2e.role.${stamp}@pathbuilder.test`;

  // Someone registers as a student of the demo school (the demo accounts stay as they are).
  const lookup = await request.get('/api/lookups/schools?search=Little%20Acorns');
  const demoSchool = ((await lookup.json()) as { data: { id: number; location_id: number }[] }).data[0]!;
  const registered = await request.post('/api/register', {
    data: {
      full_name: fullName,
      email,
      password: 'a-long-enough-password-1',
      password_confirmation: 'a-long-enough-password-1',
      location_id: demoSchool.location_id,
      school_id: demoSchool.id,
    },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);

  // The admin adds a school in Springfield.
  await loginAs(page, 'admin');
  await gearButton(page).click();
  await sidebar(page).getByRole('link', { name: 'Manage Schools', exact: true }).click();
  await expect(page).toHaveURL(onPath('/admin/schools'));
  await expect(page).toHaveTitle('Manage Schools | Pathbuilder');
  await page.getByRole('link', { name: 'Add school', exact: true }).click();
  await expect(page).toHaveURL(onPath('/admin/school'));
  await expect(page.getByRole('heading', { name: 'New school', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill(schoolName);
  const location = page.getByRole('combobox', { name: 'Location' });
  await location.fill('Springfield');
  await location.press('Enter');
  await page.getByRole('button', { name: 'Add school', exact: true }).click();
  await expect(page.getByText(`${schoolName} was added.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: schoolName, level: 1 })).toBeVisible();

  // It is in the list, found by search, and registration offers it.
  await page.getByRole('link', { name: '← Manage Schools' }).click();
  await page.getByRole('searchbox', { name: 'Search schools' }).fill(`Seaside Kindergarten ${stamp}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const schools = page.getByRole('table', { name: 'Schools' });
  await expect(schools.getByRole('row')).toHaveCount(2);
  await expect(schools.getByRole('link', { name: schoolName })).toBeVisible();
  await expect(schools.getByRole('row').nth(1)).toContainText('Springfield');
  const offered = await request.get(`/api/lookups/schools?search=${encodeURIComponent(schoolName)}`);
  expect(((await offered.json()) as { data: { name: string }[] }).data.map((s) => s.name)).toEqual([
    schoolName,
  ]);

  // The admin makes the new user a teacher of that school.
  await sidebar(page).getByRole('link', { name: 'Manage Users Role', exact: true }).click();
  await expect(page).toHaveURL(onPath('/admin/users-role'));
  await expect(page).toHaveTitle('Manage Users Role | Pathbuilder');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: `Change roles of ${fullName}` }).click();
  const editor = page.getByRole('region', { name: `Roles of ${fullName}` });
  await editor.getByRole('checkbox', { name: 'Teacher' }).check();
  const picker = editor.getByRole('combobox', { name: "Teacher's schools" });
  await picker.fill(`Seaside Kindergarten ${stamp}`);
  await picker.press('Enter');
  await editor.getByRole('button', { name: 'Save roles' }).click();
  await expect(confirmDialog(page)).toContainText(`${fullName}: grant teacher; teaches at ${schoolName}?`);
  await confirmDialog(page).getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(page.getByText(`${fullName}'s roles were saved.`)).toBeVisible();

  const users = page.getByRole('table', { name: 'Users and their roles' });
  await expect(users.getByRole('row').filter({ hasText: email })).toContainText('Teacher');
  await expect(users.getByRole('row').filter({ hasText: email })).toContainText(schoolName);

  // The audit log says who did what, for whom, and when.
  const audit = page.getByRole('table', { name: 'Audit log' });
  const granted = audit.getByRole('row').filter({ hasText: 'Granted teacher' }).filter({ hasText: fullName });
  await expect(granted).toContainText('Alex Morgan');
  await expect(granted).toContainText('student → teacher');
  await expect(granted.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  const moved = audit
    .getByRole('row')
    .filter({ hasText: "Changed teacher's schools" })
    .filter({ hasText: fullName });
  await expect(moved).toContainText(`none → ${schoolName}`);
});
