import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { ACCOUNTS, loginAs } from './helpers.ts';
import { apiLogin, bearer, demoSchoolId, type BankQuestion } from './learning-helpers.ts';

/** Two questions of the bank a quiz may use (not Test Yourself's). */
async function bankQuestions(request: APIRequestContext, token: string): Promise<number[]> {
  const response = await request.get('/api/admin/questions?type=true_false&per_page=20', {
    headers: bearer(token),
  });
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: Array<BankQuestion & { practice_only: boolean }> };
  return data
    .filter((q) => !q.practice_only)
    .slice(0, 2)
    .map((q) => q.id);
}

test('a teacher gives a student 10 extra minutes on the quiz’s admin page; the student’s start card states their own time', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const title = `Timed safety check ${Date.now()}`;
  const teacherToken = await apiLogin(request, ACCOUNTS.teacher);
  const created = await request.post('/api/admin/assessments', {
    headers: bearer(teacherToken),
    data: {
      kind: 'quiz',
      title,
      selection: 'fixed',
      question_ids: await bankQuestions(request, teacherToken),
      time_limit_minutes: 20,
      attempts_allowed: 2,
      school_ids: [await demoSchoolId(request)],
      published: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const quizId = ((await created.json()) as { assessment: { id: number } }).assessment.id;

  await loginAs(page, 'teacher');
  await page.goto(`/admin/quiz/${quizId}`);
  await page.getByRole('tab', { name: 'Extra time and overrides' }).click();
  const section = page.getByRole('region', { name: 'Extra time and overrides' });
  await expect(section.getByText('No overrides')).toBeVisible();
  await section.getByRole('button', { name: 'Add an override' }).click();
  const student = section.getByRole('combobox', { name: 'Student' });
  await student.fill('Sam Rivera');
  await student.press('Enter');
  // Out of range first: the server's message shows under the field and nothing is saved.
  await section.getByRole('spinbutton', { name: 'Extra minutes' }).fill('2000');
  await section.getByRole('button', { name: 'Save override' }).click();
  await expect(section.getByText('Extra time must be between 1 and 1440 minutes.')).toBeVisible();
  await section.getByRole('spinbutton', { name: 'Extra minutes' }).fill('10');
  await section.getByRole('button', { name: 'Save override' }).click();
  const row = section.getByRole('row').filter({ hasText: 'Sam Rivera' });
  await expect(row.getByRole('cell').first()).toHaveText('+ 10 min = 30 min');

  const context = await browser.newContext();
  const studentPage = await context.newPage();
  await loginAs(studentPage, 'student');
  await studentPage.goto(`/quiz/${quizId}`);
  await expect(studentPage.getByRole('heading', { name: 'Ready to start?' })).toBeVisible();
  await expect(studentPage.getByText(/· 30 minutes, with your extra time ·/)).toBeVisible();
  await context.close();

  // Removed: the student's time is the quiz's again.
  await row.getByRole('button', { name: 'Remove the override for Sam Rivera' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(section.getByText('No overrides')).toBeVisible();
});
