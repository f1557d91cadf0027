import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { confirmDialog, loginAs } from './helpers.ts';

// A teacher announces to their school from the back office; the demo student, of that school, sees it on
// the dashboard and gets a notification of it.

const announcements = (page: Page) => page.getByRole('region', { name: 'Announcements', exact: true });
const notificationsCard = (page: Page) => page.getByRole('region', { name: 'Notifications', exact: true });

/** "You have 3 new notifications." → 3; "No new notifications." → 0. */
async function unseenOnDashboard(page: Page): Promise<number> {
  const text = (await notificationsCard(page).getByRole('paragraph').first().textContent()) ?? '';
  return Number(/You have (\d+) new/.exec(text)?.[1] ?? 0);
}

test('a teacher publishes an announcement to their school; the student sees it and is notified', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const title = `Practicum logbooks due <b>Friday</b> ${Date.now().toString(36)}`;

  // The student, before: how many unseen notifications the dashboard counts.
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await loginAs(student, 'student');
  await expect(notificationsCard(student)).toBeVisible();
  const before = await unseenOnDashboard(student);
  await expect(student.getByRole('heading', { name: title })).toHaveCount(0);

  // The teacher writes it for "everyone", which for a teacher is the students of their schools.
  await loginAs(page, 'teacher');
  await page.goto('/admin/announcements');
  await expect(
    page.getByRole('main').getByRole('heading', { level: 1, name: 'Manage Announcements' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'New announcement' }).click();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  const body = page.getByRole('textbox', { name: 'Message', exact: true });
  await body.click();
  await page.keyboard.type('Hand in your signed practicum logbook at the office.');
  await expect(page.getByRole('radio', { name: 'Everyone (the students of your schools)' })).toBeChecked();
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText('Announcement published.')).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: title, exact: true }) });
  await expect(row).toContainText('Published');
  await expect(row).toContainText('Taylor Brooks');
  await expect(row).toContainText('Students of Little Acorns Early Learning Centre');

  // The student: on the dashboard, the title as text (its tags shown, not applied), and one more notification.
  await student.reload();
  const card = announcements(student)
    .getByRole('listitem')
    .filter({ has: student.getByRole('heading', { name: title }) });
  await expect(card).toBeVisible();
  // One line until opened, then the whole message.
  await expect(card.getByText('Hand in your signed practicum logbook at the office.')).toBeHidden();
  await card.getByRole('heading', { name: title }).click();
  await expect(card.getByText('Hand in your signed practicum logbook at the office.')).toBeVisible();
  await expect(card.locator('b')).toHaveCount(0);
  await expect.poll(() => unseenOnDashboard(student)).toBeGreaterThanOrEqual(before + 1);
  await student.goto('/notifications');
  await expect(student.getByRole('main').getByRole('heading', { name: title })).toBeVisible();

  // Dismissed on this device, it stays dismissed after a reload.
  await student.goto('/');
  await card.getByRole('heading', { name: title }).click();
  await card.getByRole('button', { name: `Dismiss “${title}”` }).click();
  await expect(student.getByRole('heading', { name: title })).toHaveCount(0);
  await student.reload();
  await expect(notificationsCard(student)).toBeVisible();
  await expect(student.getByRole('heading', { name: title })).toHaveCount(0);

  // The teacher deletes it; the confirmation says sent notifications are not recalled.
  await row.getByRole('button', { name: `Delete “${title}”` }).click();
  await expect(confirmDialog(page)).toContainText('not recalled');
  await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Announcement deleted.')).toBeVisible();
  await expect(row).toHaveCount(0);
  await studentContext.close();
});

test('a scheduled announcement is listed as scheduled and not shown to students yet', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const title = `Open day next month ${Date.now().toString(36)}`;
  await loginAs(page, 'admin');
  await page.goto('/admin/announcements');
  await page.getByRole('button', { name: 'New announcement' }).click();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Message', exact: true }).click();
  await page.keyboard.type('Families are welcome to visit.');
  await page.getByRole('radio', { name: 'Schedule' }).check();
  // Without a time, the form asks for one instead of publishing at once.
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page.getByText('Choose when to publish it, or publish it now.')).toBeVisible();
  const next = new Date(Date.now() + 30 * 24 * 3600_000);
  const publishAt = page.getByRole('group', { name: 'Publish at' });
  await publishAt.getByRole('spinbutton', { name: 'Year' }).fill(String(next.getFullYear()));
  await publishAt.getByRole('spinbutton', { name: 'Month' }).fill(String(next.getMonth() + 1));
  await publishAt.getByRole('spinbutton', { name: 'Day' }).fill(String(next.getDate()));
  await publishAt.getByRole('spinbutton', { name: 'Hour' }).fill('9');
  await publishAt.getByRole('spinbutton', { name: 'Minute' }).fill('30');
  // The clock the picker opens would cover the buttons.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page.getByText('Announcement scheduled.')).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: title, exact: true }) });
  await expect(row).toContainText('Scheduled');

  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await loginAs(student, 'student');
  await expect(notificationsCard(student)).toBeVisible();
  await expect(student.getByRole('heading', { name: title })).toHaveCount(0);
  await studentContext.close();
});
