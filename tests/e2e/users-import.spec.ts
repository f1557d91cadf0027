import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { confirmDialog, fillLoginForm, gearButton, loginAs, sidebar } from './helpers.ts';
import { adminToken, apiLogin, bearer } from './learning-helpers.ts';

// The server of this run keeps its SQLite file here (playwright.config.ts); without SMTP, mail waits in its
// outbox table, which stands in for the teacher's mailbox.
const PORT = Number(process.env.E2E_PORT ?? 4180);
const DATABASE = join(PORT === 4180 ? '.tmp/e2e-data' : `.tmp/e2e-data-${PORT}`, 'pathbuilder.sqlite');

function invitationLink(email: string): string {
  const db = new DatabaseSync(DATABASE, { readOnly: true });
  try {
    const row = db
      .prepare('select text_body from mail_outbox where to_address = ? order by id desc limit 1')
      .get(email) as { text_body: string } | undefined;
    const link = /https?:\/\/\S+/.exec(row?.text_body ?? '')?.[0];
    if (!link) throw new Error(`No invitation mail for ${email}.`);
    return link;
  } finally {
    db.close();
  }
}

test('an admin imports 50 students (3 bad rows reported), makes one a teacher, who then sees exactly their school', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const schoolName = `Import Nursery ${stamp}`;
  const headers = bearer(await adminToken(request));

  // A school of its own in Springfield, a quiz aimed at it and one aimed only at another school.
  const { data: locations } = (await (await request.get('/api/lookups/locations')).json()) as {
    data: { id: number; name: string }[];
  };
  const springfield = locations.find((l) => l.name === 'Springfield')!;
  const made = await request.post('/api/admin/schools', {
    headers,
    data: { name: schoolName, location_id: springfield.id },
  });
  expect(made.status(), await made.text()).toBeLessThan(300);
  const school = ((await made.json()) as { school: { id: number } }).school;
  const { data: others } = (await (
    await request.get('/api/lookups/schools?search=Little%20Acorns')
  ).json()) as { data: { id: number }[] };
  const { data: bank } = (await (
    await request.get('/api/admin/questions?per_page=20', { headers })
  ).json()) as { data: { id: number; practice_only: boolean }[] };
  const questionIds = bank.filter((q) => !q.practice_only).map((q) => q.id);
  const quiz = async (title: string, schoolIds: number[]) => {
    const res = await request.post('/api/admin/assessments', {
      headers,
      data: {
        kind: 'quiz',
        title,
        selection: 'fixed',
        question_ids: questionIds.slice(0, 3),
        school_ids: schoolIds,
        published: true,
      },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
  };
  const ours = `Nursery quiz ${stamp}`;
  const theirs = `Acorns-only quiz ${stamp}`;
  await quiz(ours, [school.id]);
  await quiz(theirs, [others[0]!.id]);

  // 50 rows: 47 good students, an e-mail that is not one, a school nobody has, and an e-mail twice.
  const email = (i: number) => `import.${stamp}.${i}@pathbuilder.test`;
  const rows = Array.from(
    { length: 47 },
    (_, i) => `Pupil ${i + 1} ${stamp},${email(i + 1)},student,${schoolName},`,
  );
  rows.push(`Bad Mail ${stamp},not-an-email,student,${schoolName},`);
  rows.push(`Lost Pupil ${stamp},lost.${stamp}@pathbuilder.test,student,Nowhere School ${stamp},`);
  rows.push(`Twice ${stamp},${email(1)},student,${schoolName},`);
  const csv = ['full_name,email,role,school,location', ...rows].join('\n');

  await loginAs(page, 'admin');
  await gearButton(page).click();
  await sidebar(page).getByRole('link', { name: 'Manage Users', exact: true }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await (await chooser).setFiles({ name: 'pupils.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  // The file is previewed first: its name, its 50 rows, the header and the first five; nothing is sent yet.
  const preview = page.getByRole('region', { name: 'Import preview' });
  await expect(preview).toContainText('pupils.csv holds 50 rows after the header. The first 5 are shown.');
  await expect(preview.getByRole('heading', { name: 'Import preview' })).toBeFocused();
  const firstRows = preview.getByRole('table', { name: 'First 5 rows of pupils.csv' });
  await expect(firstRows.getByRole('columnheader')).toHaveText([
    'Row',
    'full_name',
    'email',
    'role',
    'school',
    'location',
  ]);
  await expect(firstRows.getByRole('row')).toHaveCount(6);
  await expect(firstRows.getByRole('row').nth(1)).toContainText(email(1));
  const before = await request.get(`/api/admin/users?search=${stamp}`, { headers });
  expect(((await before.json()) as { meta: { total: number } }).meta.total).toBe(0);
  const axe = await new AxeBuilder({ page })
    .include('.csv-preview')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  // On a phone the table scrolls inside the preview; the preview itself fits the screen.
  await page.setViewportSize({ width: 390, height: 800 });
  const wrap = preview.locator('.users-table-wrap');
  expect(await wrap.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  expect((await preview.boundingBox())!.width).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
  await preview.getByRole('button', { name: 'Import 50 rows' }).click();
  const report = page.getByRole('status', { name: 'Import report' });
  await expect(report).toContainText('47 users were created and invited by e-mail. 3 rows were rejected');
  const rejected = report.getByRole('table');
  await expect(rejected.getByRole('row')).toHaveCount(4);
  await expect(rejected.getByRole('row').nth(1)).toContainText('49');
  await expect(rejected.getByRole('row').nth(1)).toContainText('The email must be a valid email address.');
  await expect(rejected.getByRole('row').nth(2)).toContainText(`Unknown school "Nowhere School ${stamp}".`);
  await expect(rejected.getByRole('row').nth(3)).toContainText('The same email is on row 2.');

  // Pupil 1 becomes the teacher of that school.
  const teacherName = `Pupil 1 ${stamp}`;
  await sidebar(page).getByRole('link', { name: 'Manage Users Role', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(email(1));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: `Change roles of ${teacherName}` }).click();
  const editor = page.getByRole('region', { name: `Roles of ${teacherName}` });
  await editor.getByRole('checkbox', { name: 'Teacher' }).check();
  const picker = editor.getByRole('combobox', { name: "Teacher's schools" });
  await picker.fill(schoolName);
  await picker.press('Enter');
  await editor.getByRole('button', { name: 'Save roles' }).click();
  await confirmDialog(page).getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(page.getByText(`${teacherName}'s roles were saved.`)).toBeVisible();

  // The teacher takes up the invitation, chooses a password and signs in.
  const password = 'a-teacher-passphrase-2026';
  const link = new URL(invitationLink(email(1)));
  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto(link.pathname + link.search);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await page.getByRole('link', { name: 'Go to Login' }).click();
  await fillLoginForm(page, email(1), password);
  await expect(sidebar(page)).toBeVisible();

  // Exactly the 46 other pupils of their school, in the list and through the API.
  await gearButton(page).click();
  await sidebar(page).getByRole('link', { name: 'Manage Users', exact: true }).click();
  const users = page.getByRole('table', { name: 'Users' });
  await expect(users.getByRole('row').nth(1)).toContainText(schoolName);
  const token = await apiLogin(request, email(1), password);
  const seen = (await (
    await request.get('/api/admin/users?per_page=100', { headers: bearer(token) })
  ).json()) as { data: { email: string; school_name: string | null }[]; meta: { total: number } };
  expect(seen.meta.total).toBe(46);
  expect(new Set(seen.data.map((u) => u.school_name))).toEqual(new Set([schoolName]));
  expect(seen.data.map((u) => u.email).sort()).toEqual(
    Array.from({ length: 46 }, (_, i) => email(i + 2)).sort(),
  );

  // Their quizzes: the one aimed at their school (and those for everyone), not another school's.
  await sidebar(page).getByRole('link', { name: 'Manage Quizzes', exact: true }).click();
  await expect(page.getByText(ours)).toBeVisible();
  await expect(page.getByText(theirs)).toHaveCount(0);
});
