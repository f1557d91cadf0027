import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { loginAs, loginWith, onPath } from './helpers.ts';
import {
  adminToken,
  answerQuestions,
  apiLogin,
  bearer,
  takeDiagnosticThroughApi,
} from './learning-helpers.ts';
import { parseCsv as readCsv } from '../../src/shared/csv.ts';

const DEMO_SCHOOL = 'Little Acorns Early Learning Centre';
const OTHER_SCHOOL = 'Riverside Institute of Early Childhood Education';
const PASSWORD = 'reports-e2e-password-1';

type School = { id: number; name: string; location_id: number };
async function schoolNamed(request: APIRequestContext, name: string): Promise<School> {
  const res = await request.get(`/api/lookups/schools?search=${encodeURIComponent(name)}`);
  const { data } = (await res.json()) as { data: School[] };
  const school = data.find((s) => s.name === name);
  if (!school) throw new Error(`No school "${name}"`);
  return school;
}

/** Someone of our own, registered and let into the school by the admin; returns their id and e-mail. */
async function register(request: APIRequestContext, fullName: string, school: School, admin: string) {
  const email = `e2e.reports.${Date.now()}.${Math.floor(Math.random() * 1e6)}@pathbuilder.test`;
  const res = await request.post('/api/register', {
    data: {
      full_name: fullName,
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      location_id: school.location_id,
      school_id: school.id,
    },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  const waiting = await request.get('/api/admin/school-requests?per_page=100', { headers: bearer(admin) });
  const { data: requests } = (await waiting.json()) as { data: { id: number; email: string }[] };
  const mine = requests.find((r) => r.email === email)!;
  const approved = await request.post(`/api/admin/school-requests/${mine.id}/approve`, {
    headers: bearer(admin),
  });
  expect(approved.status(), await approved.text()).toBe(200);
  const users = await request.get(`/api/admin/users?search=${encodeURIComponent(email)}`, {
    headers: bearer(admin),
  });
  const { data: found } = (await users.json()) as { data: { id: number }[] };
  return { id: found[0]!.id, email };
}

/** The export read as the imports read CSV (src/shared/csv.ts); a leading quote that guards a formula is taken off. */
function parseCsv(text: string): string[][] {
  return readCsv(text).map((r) => r.map((c) => (/^'[=+\-@]/.test(c) ? c.slice(1) : c)));
}

/** The table as the screen shows it: header cells, then each row's cells. */
async function tableText(table: Locator): Promise<string[][]> {
  const header = (await table.locator('thead th').allInnerTexts()).map((t) => t.trim());
  const rows = await table.locator('tbody tr').all();
  const body: string[][] = [];
  for (const r of rows) body.push((await r.locator('th, td').allInnerTexts()).map((t) => t.trim()));
  return [header, ...body];
}

const reportTable = (page: Page, title: string | RegExp) =>
  page.getByRole('region', { name: title }).getByRole('table');

test('a student takes a quiz; their teacher sees the attempt in reports and its CSV; a teacher of another school does not', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const studentName = `Rae Reportson${stamp}`;
  const title = `Reports check ${stamp}`;
  const admin = await adminToken(request);
  const demo = await schoolNamed(request, DEMO_SCHOOL);
  const other = await schoolNamed(request, OTHER_SCHOOL);

  // A student of the demo school, and a teacher of another school, made for this test.
  const student = await register(request, studentName, demo, admin);
  await takeDiagnosticThroughApi(request, await apiLogin(request, student.email, PASSWORD));
  const stranger = await register(request, `Theo Elsewhere${stamp}`, other, admin);
  const promoted = await request.put(`/api/admin/users/${stranger.id}/role`, {
    headers: bearer(admin),
    data: { is_teacher: true, teacher_school_ids: [other.id] },
  });
  expect(promoted.status(), await promoted.text()).toBe(200);

  // A three-question true/false quiz for the demo school.
  const bank = await request.get('/api/admin/questions?type=true_false&per_page=100', {
    headers: bearer(admin),
  });
  const questions = ((await bank.json()) as { data: { id: number; practice_only: boolean }[] }).data
    .filter((q) => !q.practice_only)
    .slice(0, 3)
    .map((q) => q.id);
  expect(questions).toHaveLength(3);
  const made = await request.post('/api/admin/assessments', {
    headers: bearer(admin),
    data: {
      kind: 'quiz',
      title,
      description: 'Reports e2e.',
      selection: 'fixed',
      question_ids: questions,
      school_ids: [demo.id],
      published: true,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const quizId = ((await made.json()) as { assessment: { id: number } }).assessment.id;

  // The student takes it in the browser.
  await loginWith(page, student.email, PASSWORD);
  await page.goto(`/quiz/${quizId}`);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await answerQuestions(page, 1, 3);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const yes = page.getByRole('dialog').getByRole('button', { name: 'Yes', exact: true });
  if (await yes.isVisible().catch(() => false)) await yes.click();
  await expect(page).toHaveURL(/\/quiz-result\/[0-9a-f-]{36}$/);

  // The teacher of the demo school sees the attempt: in the item analysis, the ranking and the dashboard.
  const teacherContext = await browser.newContext({ acceptDownloads: true });
  try {
    const teacher = await teacherContext.newPage();
    await loginAs(teacher, 'teacher');
    await teacher.goto('/admin');
    await expect(teacher).toHaveTitle('Admin Dashboard | Pathbuilder');
    await expect(teacher.getByRole('region', { name: 'Recent attempts' })).toContainText(studentName);

    await teacher.goto('/admin/reports');
    await expect(teacher).toHaveURL(onPath('/admin/reports'));
    await expect(teacher).toHaveTitle('Reports | Pathbuilder');
    await teacher.getByRole('searchbox', { name: 'Search students' }).fill(studentName);
    const ranking = reportTable(teacher, 'Students by average score');
    await expect(ranking.locator('tbody tr')).toHaveCount(1);
    await expect(ranking.locator('tbody tr')).toContainText(studentName);
    await expect(ranking.locator('tbody tr')).toContainText(DEMO_SCHOOL);

    // The downloaded CSV holds exactly the table on screen.
    const [download] = await Promise.all([
      teacher.waitForEvent('download'),
      teacher.getByRole('button', { name: 'Download CSV: Students by average score' }).click(),
    ]);
    const csv = parseCsv(await readFile((await download.path())!, 'utf8'));
    expect(csv).toEqual(await tableText(ranking));

    await teacher.getByRole('tab', { name: 'Item analysis' }).click();
    await teacher
      .getByRole('combobox', { name: 'Assessment' })
      .selectOption({ label: `${title} (quiz, 1 attempt)` });
    const items = reportTable(teacher, `Item analysis: ${title} (1 attempt)`);
    await expect(items.locator('tbody tr')).toHaveCount(3);
    const [itemsDownload] = await Promise.all([
      teacher.waitForEvent('download'),
      teacher.getByRole('button', { name: `Download CSV: Item analysis: ${title} (1 attempt)` }).click(),
    ]);
    expect(parseCsv(await readFile((await itemsDownload.path())!, 'utf8'))).toEqual(await tableText(items));
  } finally {
    await teacherContext.close();
  }

  // A teacher of another school sees none of it.
  const strangerContext = await browser.newContext();
  try {
    const them = await strangerContext.newPage();
    await loginWith(them, stranger.email, PASSWORD);
    await them.goto('/admin');
    await expect(
      them.getByRole('main').getByRole('heading', { name: 'Admin Dashboard', level: 1 }),
    ).toBeVisible();
    await expect(them.getByRole('region', { name: 'Recent attempts' })).not.toContainText(studentName);
    await them.goto('/admin/reports');
    await them.getByRole('searchbox', { name: 'Search students' }).fill(studentName);
    await expect(them.getByText('No student matches this search.')).toBeVisible();
    await them.getByRole('tab', { name: 'Item analysis' }).click();
    const picker = them.getByRole('combobox', { name: 'Assessment' });
    const none = them.getByText('Item analysis appears once students have submitted an assessment.');
    await expect(picker.or(none)).toBeVisible();
    if (await picker.isVisible()) await expect(picker.locator('option', { hasText: title })).toHaveCount(0);
  } finally {
    await strangerContext.close();
  }
});
