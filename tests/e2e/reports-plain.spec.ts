import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { loginAs, loginWith, onPath } from './helpers.ts';
import {
  adminToken,
  apiLogin,
  bearer,
  registerStudent,
  takeDiagnosticThroughApi,
} from './learning-helpers.ts';
import { parseCsv } from '../../src/shared/csv.ts';

// Issue 24, items 7 and 14, on a 1366 × 768 desktop: reports that use the width and speak plainly, names and
// attempts that open something, counts that add up, exports of every row; and a teacher who can act.
test.use({ viewport: { width: 1366, height: 768 } });

const DEMO_SCHOOL = 'Little Acorns Early Learning Centre';
const PASSWORD = 'reports-plain-e2e-1';
/** "27 Nov 2026, 14:05" and "27 Nov 2026": the one date format of the back office. */
const DATE_TIME = /^\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}, \d{2}:\d{2}$/;
const DAY = /^\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}$/;

const reportTable = (page: Page, title: string | RegExp) =>
  page.getByRole('region', { name: title }).getByRole('table');

/** A school of our own with `count` invited students (never active), made by the admin through the API. */
async function schoolWithStudents(request: APIRequestContext, admin: string, count: number) {
  const stamp = Date.now();
  const locations = await request.get('/api/admin/locations?per_page=1', { headers: bearer(admin) });
  const location = ((await locations.json()) as { data: { id: number }[] }).data[0]!.id;
  const made = await request.post('/api/admin/schools', {
    headers: bearer(admin),
    data: { name: `Plain Reports School ${stamp}`, location_id: location },
  });
  expect(made.status(), await made.text()).toBe(201);
  const school = ((await made.json()) as { school: { id: number; name: string } }).school;
  for (let i = 0; i < count; i++) {
    const res = await request.post('/api/admin/users', {
      headers: bearer(admin),
      data: {
        full_name: `Pat Plain ${String(i + 1).padStart(2, '0')}`,
        email: `e2e.plain.${stamp}.${i}@pathbuilder.test`,
        role: 'student',
        location_id: location,
        school_id: school.id,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  return school;
}

/** Whether the table scrolls sideways: its last column cut off. */
async function scrollsSideways(table: Locator): Promise<boolean> {
  return table.evaluate((t) => {
    const box = t.parentElement!;
    return box.scrollWidth > box.clientWidth + 1;
  });
}

test('reports fill the width, speak plainly, count once, and export every row', async ({ page, request }) => {
  test.setTimeout(150_000);
  const admin = await adminToken(request);
  const school = await schoolWithStudents(request, admin, 27);

  await loginAs(page, 'admin');
  await page.goto('/admin/reports');
  await expect(page).toHaveTitle('Reports | Pathbuilder');
  const ranking = reportTable(page, /^Students by average score/);
  await expect(ranking).toBeVisible();

  // The whole content width, not a 760 px column.
  const main = await page.getByRole('main').boundingBox();
  const panel = await page.getByRole('tabpanel').boundingBox();
  expect(panel!.width).toBeGreaterThan(900);
  expect(panel!.width).toBeGreaterThan(main!.width * 0.85);

  // Every student's name opens their learning profile.
  const firstName = ranking.locator('tbody tr').first().getByRole('link');
  const name = (await firstName.innerText()).trim();
  await expect(firstName).toHaveAttribute('href', /^\/admin\/learning-profile\/\d+$/);

  // Item analysis: plain words, a verdict per question, and its last column (Flags) on screen.
  await page.getByRole('tab', { name: 'Item analysis' }).click();
  const items = reportTable(page, /^Item analysis: /);
  await expect(items.locator('tbody tr').first()).toBeVisible();
  const headers = (await items.locator('thead th').allInnerTexts()).map((h) => h.trim());
  expect(headers).toEqual([
    '#',
    'Question',
    'Verdict',
    'Answers',
    '% correct',
    'Separates strong from weak students',
    'Options chosen',
    'Guessing and slips',
    'Flags',
  ]);
  const flags = items.getByRole('columnheader', { name: 'Flags' });
  await expect(flags).toBeInViewport();
  expect((await flags.boundingBox())!.x + (await flags.boundingBox())!.width).toBeLessThanOrEqual(1366);
  expect(await scrollsSideways(items)).toBe(false);
  const verdicts = await items.locator('tbody tr td:nth-child(3)').allInnerTexts();
  for (const v of verdicts)
    expect(['Good', 'Too hard', 'Too easy', 'Unclear', 'Check key', 'No answers']).toContain(v);
  await expect(page.getByRole('main')).not.toContainText(/point-biserial|facility|discrimination/i);
  await expect(page.getByRole('list', { name: 'How to read this table' })).toContainText(
    'separates strong from weak students',
    { ignoreCase: true },
  );

  // Activity of our school: 27 students, none active; the period's numbers add up, the chart sums nobody.
  await page.goto(`/admin/reports?tab=activity&school=${school.id}`);
  const totals = page.getByTestId('activity-totals');
  await expect(totals).toHaveText(
    '0 of 27 students active in the last 30 days; 27 not active (see Inactive students).',
  );
  await expect(page.getByRole('figure')).not.toContainText('in all');
  const days = await reportTable(page, 'Activity per day').locator('tbody tr th').allInnerTexts();
  expect(days).toHaveLength(30);
  for (const d of days) expect(d.trim()).toMatch(DAY);

  // The demo school's numbers add up too: active + not active = students; "not active" is the Inactive list.
  await page.getByRole('combobox', { name: 'School' }).selectOption({ label: 'All schools' });
  await expect(page).toHaveURL((url) => !url.searchParams.has('school'));
  await expect(totals).not.toHaveText(/^0 of 27 students active/);
  // Other specs' students sign up and answer while this runs on the shared database: the two reports must
  // agree when read one after the other with nothing happening in between, so a pair read across someone
  // else's answer is read again.
  await expect(async () => {
    await page.getByRole('tab', { name: 'Activity' }).click();
    const sentence = (await totals.innerText()).trim();
    const m = /^(\d+) of (\d+) students? active in the last 30 days; (\d+) not active/.exec(sentence);
    expect(m, sentence).not.toBeNull();
    expect(Number(m![1]) + Number(m![3])).toBe(Number(m![2]));
    await page.getByRole('tab', { name: 'Inactive students' }).click();
    await page.getByRole('combobox', { name: 'Inactive for at least' }).selectOption('30');
    await expect(page.getByRole('navigation', { name: 'Inactive students pages' })).toContainText(
      `of ${m![3]} ·`,
      { timeout: 3000 },
    );
  }).toPass({ timeout: 30_000 });

  // Our school's inactive students fill two pages; the CSV holds all 27, dated in the one format.
  await page.goto(`/admin/reports?tab=inactive&school=${school.id}`);
  const inactive = reportTable(page, 'Students inactive for 14 days or more');
  await expect(inactive.locator('tbody tr')).toHaveCount(25);
  await expect(page.getByRole('navigation', { name: 'Inactive students pages' })).toContainText(
    '1–25 of 27 · page 1 of 2',
  );
  await expect(
    page.getByRole('region', { name: 'Students inactive for 14 days or more', exact: true }),
  ).toContainText('The CSV has all 27 rows.');
  await expect(inactive.locator('tbody tr').first().getByRole('link')).toHaveAttribute(
    'href',
    /^\/admin\/learning-profile\/\d+$/,
  );
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV: Students inactive for 14 days or more' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^pathbuilder-inactive-students-for-14-days-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = parseCsv(await readFile((await download.path())!, 'utf8'));
  expect(csv[0]).toEqual(['Student', 'School', 'Last active', 'Days inactive']);
  expect(csv).toHaveLength(28);
  expect(new Set(csv.slice(1).map((r) => r[0])).size).toBe(27);
  for (const r of csv.slice(1)) expect(r[2]).toBe('Never');
  void name;
});

test('a teacher sees what needs them, opens a student from a report, and assigns practice the student receives', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const admin = await adminToken(request);

  // A student of the demo school who took the diagnostic and a three-question quiz (through the API).
  const email = await registerStudent(request, { password: PASSWORD, schoolName: DEMO_SCHOOL });
  const token = await apiLogin(request, email, PASSWORD);
  await takeDiagnosticThroughApi(request, token);
  const refreshed = await request.get('/api/refresh', { headers: bearer(token) });
  const me = ((await refreshed.json()) as { user: { id: number; full_name: string } }).user;
  const bank = await request.get('/api/admin/questions?type=true_false&per_page=100', {
    headers: bearer(admin),
  });
  const questions = ((await bank.json()) as { data: { id: number; practice_only: boolean }[] }).data
    .filter((q) => !q.practice_only)
    .slice(0, 3)
    .map((q) => q.id);
  const lookup = await request.get(`/api/lookups/schools?search=${encodeURIComponent(DEMO_SCHOOL)}`);
  const demo = ((await lookup.json()) as { data: { id: number; name: string }[] }).data.find(
    (s) => s.name === DEMO_SCHOOL,
  )!;
  const title = `Plain reports quiz ${stamp}`;
  const made = await request.post('/api/admin/assessments', {
    headers: bearer(admin),
    data: {
      kind: 'quiz',
      title,
      description: 'Reports in plain words.',
      selection: 'fixed',
      question_ids: questions,
      school_ids: [demo.id],
      published: true,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const quizId = ((await made.json()) as { assessment: { id: number } }).assessment.id;
  const attempt = randomUUID();
  const start = await request.post('/api/attempts', {
    headers: bearer(token),
    data: { id: attempt, assessment_id: quizId },
  });
  expect(start.status(), await start.text()).toBeLessThan(300);
  for (const q of questions) {
    const saved = await request.put(`/api/attempts/${attempt}/answers/${q}`, {
      headers: bearer(token),
      data: { answer: { type: 'true_false', value: false }, answered_at: new Date().toISOString() },
    });
    expect(saved.status(), await saved.text()).toBeLessThan(300);
  }
  const submit = await request.post(`/api/attempts/${attempt}/submit`, { headers: bearer(token), data: {} });
  expect(submit.status(), await submit.text()).toBe(200);

  // The teacher's dashboard: what needs them, and the attempt with the student and the attempt as links.
  await loginAs(page, 'teacher');
  await page.goto('/admin');
  await expect(page).toHaveTitle('Admin Dashboard | Pathbuilder');
  const attention = page.getByRole('region', { name: 'Needs attention' });
  await expect(attention).toBeVisible();
  await expect(attention.getByRole('heading', { level: 3 })).toHaveCount(3);
  await expect(attention).toContainText(/requests? to join|No requests to join/);
  await expect(attention).toContainText(/not active for 14 days|Every student active in the last 14 days/);
  await expect(attention).toContainText(/Weakest topics|No weak topics yet/);
  const recent = page.getByRole('region', { name: 'Recent attempts' });
  const row = recent.getByRole('listitem').filter({ hasText: title });
  await expect(row.getByRole('link', { name: me.full_name })).toHaveAttribute(
    'href',
    `/admin/learning-profile/${me.id}`,
  );
  await expect(row.getByRole('link', { name: title })).toHaveAttribute('href', `/quiz-analysis/${attempt}`);
  await expect(row.locator('time')).toHaveText(DATE_TIME);

  // From the ranking, the student's name opens their learning profile.
  await page.goto('/admin/reports');
  await page.getByRole('searchbox', { name: 'Search students' }).fill(me.full_name);
  const ranking = reportTable(page, 'Students by average score');
  // Students registered by other tests of the run share the name: this one is found by its profile link.
  const mine = ranking
    .locator('tbody tr')
    .filter({ has: page.locator(`a[href="/admin/learning-profile/${me.id}"]`) });
  await expect(mine).toHaveCount(1);
  await mine.getByRole('link', { name: me.full_name }).click();
  await expect(page).toHaveURL(onPath(`/admin/learning-profile/${me.id}`));
  await expect(
    page.getByRole('heading', { name: `Learning Profile: ${me.full_name}`, level: 1 }),
  ).toBeVisible();

  // Assign practice on the two weakest topics offered.
  const assign = page.getByRole('region', { name: 'Assign practice' });
  await assign.getByRole('button', { name: 'Send practice' }).click();
  await expect(assign.getByRole('alert')).toHaveText('Choose at least one topic.');
  const boxes = assign.getByRole('checkbox');
  const picked = [
    (await boxes.nth(0).locator('xpath=..').innerText()).split(/\s*·/)[0]!.trim(),
    (await boxes.nth(1).locator('xpath=..').innerText()).split(/\s*·/)[0]!.trim(),
  ];
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await assign.getByRole('textbox', { name: 'Message (optional)' }).fill('Ten minutes before class.');
  await assign.getByRole('button', { name: 'Send practice' }).click();
  await expect(assign.getByRole('status')).toContainText(`Sent to ${me.full_name}: ${picked.join(', ')}.`);

  // The student finds it in their notifications, opening Test Yourself with those topics.
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  try {
    const student = await context.newPage();
    await loginWith(student, email, PASSWORD);
    await student.goto('/notifications');
    const note = student.getByRole('listitem').filter({ hasText: 'Practice for you' }).first();
    await expect(note).toContainText(`asks you to practise ${picked.join(', ')}`);
    await expect(note).toContainText('Ten minutes before class.');
    await expect(note.getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      /^\/test-your-self\?topics=\d+,\d+$/,
    );
  } finally {
    await context.close();
  }
});
