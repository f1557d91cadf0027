import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { loginAs } from './helpers.ts';
import { adminToken, bearer, demoSchoolId, questionCard } from './learning-helpers.ts';

interface BankQuestion {
  id: number;
  practice_only: boolean;
  content: { type: 'true_false'; correct: boolean };
}

/** An admin publishes a timed (30 minutes) two-question quiz for the demo school: this test owns its attempt. */
async function publishTimedQuiz(request: APIRequestContext, title: string) {
  const token = await adminToken(request);
  const listed = await request.get('/api/admin/questions?type=true_false&per_page=20', {
    headers: bearer(token),
  });
  expect(listed.status()).toBe(200);
  const questions = ((await listed.json()) as { data: BankQuestion[] }).data
    .filter((q) => !q.practice_only)
    .slice(0, 2);
  const response = await request.post('/api/admin/assessments', {
    headers: bearer(token),
    data: {
      kind: 'quiz',
      title,
      selection: 'fixed',
      question_ids: questions.map((q) => q.id),
      time_limit_minutes: 30,
      attempts_allowed: null,
      pass_mark: 60,
      school_ids: [await demoSchoolId(request)],
      published: true,
    },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return { id: ((await response.json()) as { assessment: { id: number } }).assessment.id, questions };
}

/** Minutes left on the student's countdown ("39:58" → 39). */
async function minutesLeft(page: Page): Promise<number> {
  const text = (await page.getByRole('timer', { name: 'Time left' }).textContent()) ?? '';
  return Number(text.split(':')[0]);
}

test('a teacher watches a timed quiz live and gives a student 10 extra minutes; the student’s timer moves', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const title = `Live view check ${Date.now()}`;
  const quiz = await publishTimedQuiz(request, title);

  // The student starts the quiz.
  const token = await loginAs(page, 'student');
  const me = await request.get('/api/refresh', { headers: bearer(token) });
  const student = ((await me.json()) as { user: { full_name: string } }).user.full_name;
  await page.goto(`/quiz/${quiz.id}`);
  await page.getByRole('button', { name: `Start quiz: ${title}` }).click();
  await expect(questionCard(page)).toHaveAccessibleName('Question 1 of 2');
  await expect(page.getByRole('timer', { name: 'Time left' })).toHaveText(/^(30:00|29:\d\d)$/);

  // The teacher, in another browser, opens the live view from the quizzes list.
  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await loginAs(teacher, 'teacher');
  await teacher.goto('/admin/quizzes');
  await teacher.getByRole('searchbox').fill(title);
  await teacher.getByRole('searchbox').press('Enter');
  await teacher.getByRole('link', { name: `Live view of ${title}` }).click();
  await expect(teacher.getByRole('heading', { name: `Live view: ${title}`, level: 1 })).toBeVisible();
  await expect(
    teacher.getByRole('status').filter({ hasText: 'Live: rows update as students work.' }),
  ).toBeVisible();
  const row = teacher.getByRole('row').filter({ has: teacher.getByRole('rowheader', { name: student }) });
  await expect(row).toContainText('Answering 0 of 2');

  // The student answers: the teacher's row follows without a reload.
  const first = quiz.questions[0]!.content;
  await questionCard(page)
    .getByRole('radio', { name: first.correct ? 'True' : 'False', exact: true })
    .check();
  await expect(row).toContainText('Answering 1 of 2');
  await expect(row).toContainText('0 answers');

  // 10 more minutes for the student; their countdown moves by itself (the next heartbeat, within ~20 s).
  const before = await minutesLeft(page);
  await row.getByRole('button', { name: '+10 min' }).click();
  await expect(teacher.getByText(`${student} has 10 more minutes (10 extra in all).`)).toBeVisible();
  // The row's Extra time column (the sixth cell after the name) says so.
  await expect(row.getByRole('cell').nth(5)).toHaveText('+10 min');
  await expect.poll(() => minutesLeft(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(before + 9);
  await expect(questionCard(page)).toHaveAccessibleName('Question 1 of 2');
  await teacherContext.close();
});
