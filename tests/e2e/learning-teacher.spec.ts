import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { gearButton, loginAs, loginWith, onPath, sidebar } from './helpers.ts';
import {
  apiLogin,
  myAssessments,
  questionCard,
  questionNavigator,
  registerStudent,
  takeDiagnosticThroughApi,
} from './learning-helpers.ts';

const DEMO_SCHOOL = 'Little Acorns Early Learning Centre (Springfield)';
const OTHER_SCHOOL = 'Riverside Institute of Early Childhood Education';
const SUBJECT = 'Health, Safety and Nutrition';
const TYPE = 'True / false';

/** The student's view of a quiz in /quizzes, found by its title. */
const quizItem = (page: Page, title: string) =>
  page
    .getByRole('list', { name: 'Quizzes' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test('a teacher builds a quiz for their school from the bank; a student of that school sees it, one of another school does not', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // Unique per run: the suite may be repeated against the same database.
  const title = `Safe play check ${Date.now()}`;

  // The teacher goes to the back office and opens a new quiz.
  await loginAs(page, 'teacher');
  await gearButton(page).click();
  await sidebar(page).getByRole('link', { name: 'Manage Quizzes', exact: true }).click();
  await expect(page).toHaveURL(onPath('/admin/quizzes'));
  await expect(page).toHaveTitle('Manage Quizzes | Pathbuilder');
  await page.getByRole('link', { name: 'New quiz', exact: true }).click();
  await expect(page).toHaveURL(onPath('/admin/quiz'));
  await expect(page.getByRole('heading', { name: 'New quiz', level: 1 })).toBeVisible();

  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Three quick questions.');
  await page.getByRole('radio', { name: 'Fixed questions', exact: true }).check();

  // From the bank: true/false questions of one subject. The subject filter is searchable; the type
  // filter is not, so it is driven with the keyboard (Single choice, Multiple choice, True / false).
  const bank = page.getByRole('region', { name: 'Question bank' });
  const subject = bank.getByRole('combobox', { name: 'Subject', exact: true });
  await subject.fill('Health, Safety');
  await subject.press('Enter');
  const type = bank.getByRole('combobox', { name: 'Type', exact: true });
  await type.focus();
  await type.press('ArrowDown');
  await type.press('ArrowDown');
  await type.press('ArrowDown');
  await type.press('Enter');
  const rows = bank.getByRole('row').filter({ has: page.getByRole('button', { name: /^Add question: / }) });
  await expect
    .poll(
      async () => {
        const texts = await rows.allTextContents();
        return texts.length >= 3 && texts.every((t) => t.includes(SUBJECT) && t.includes(TYPE));
      },
      { message: `the bank lists only ${TYPE} questions of ${SUBJECT}` },
    )
    .toBe(true);

  const stems: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    const row = rows.nth(i);
    stems.push(((await row.getByRole('cell').first().textContent()) ?? '').trim());
    await row.getByRole('button', { name: /^Add question: / }).click();
  }
  // The added ones stay in the bank, marked as added, and no longer count as rows to add.
  await expect(bank.getByRole('button', { name: /^Added: / })).toHaveCount(3);
  const chosen = page.getByRole('list', { name: 'Chosen questions' }).getByRole('listitem');
  await expect(chosen).toHaveCount(3);
  for (const [i, stem] of stems.entries()) await expect(chosen.nth(i)).toContainText(stem);
  await expect(page.getByText('3 questions chosen (at most 200).')).toBeVisible();

  // For the teacher's own school (their only one, so already chosen), and published.
  await expect(
    page.getByRole('region', { name: 'Who takes it' }).getByText(DEMO_SCHOOL, { exact: true }),
  ).toBeVisible();
  await page.getByRole('checkbox', { name: 'Published (students can see it)', exact: true }).check();

  await page.getByRole('button', { name: 'Save quiz', exact: true }).click();
  await expect(page.getByText('The quiz was saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/quiz\/\d+$/);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const quizId = Number(new URL(page.url()).pathname.split('/').pop());

  await page.getByRole('link', { name: 'Back to the quizzes', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search quizzes', exact: true }).fill(title);
  const listed = page.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
  await expect(listed).toContainText('Published');
  await expect(listed).toContainText('Untimed');

  // A student of the demo school, on their own device, finds the quiz and starts it.
  const studentContext = await browser.newContext();
  try {
    const student = await studentContext.newPage();
    await loginAs(student, 'student');
    await sidebar(student).getByRole('link', { name: 'Quizzes', exact: true }).click();
    await expect(student).toHaveURL(onPath('/quizzes'));
    const item = quizItem(student, title);
    await expect(item).toContainText('Not started');
    await expect(item).toContainText('Three quick questions.');
    await expect(item).toContainText('3 questions');
    await expect(item).toContainText('No time limit');
    await item.getByRole('link', { name: 'Start', exact: true }).click();
    await expect(student).toHaveURL(onPath(`/quiz/${quizId}`));
    await expect(student.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(questionCard(student)).toHaveAccessibleName('Question 1 of 3');
    // Not shuffled: the teacher's first pick comes first.
    await expect(questionCard(student)).toContainText(stems[0].replace(/…$/, ''));
    await expect(questionCard(student).getByRole('radio', { name: 'True', exact: true })).toBeVisible();
    await expect(questionNavigator(student).getByRole('button')).toHaveCount(3);
  } finally {
    await studentContext.close();
  }

  // A student of another school, who took the diagnostic, sees the quizzes for every school but not this one.
  const password = 'riverside-learner-1';
  const email = await registerStudent(request, { password, schoolName: OTHER_SCHOOL });
  await takeDiagnosticThroughApi(request, await apiLogin(request, email, password));
  const otherContext = await browser.newContext();
  try {
    const other = await otherContext.newPage();
    const token = await loginWith(other, email, password);
    await sidebar(other).getByRole('link', { name: 'Quizzes', exact: true }).click();
    await expect(other).toHaveURL(onPath('/quizzes'));
    const titles = other.getByRole('list', { name: 'Quizzes' }).getByRole('heading');
    await expect(titles.first()).toBeVisible();
    await expect(other.getByRole('heading', { name: title, exact: true })).toHaveCount(0);
    // Not merely hidden by the screen: the server does not offer it to this student at all.
    const offered = await myAssessments(other.request, token, 'quiz');
    expect(offered.length).toBe(await titles.count());
    expect(offered.map((q) => q.id)).not.toContain(quizId);
  } finally {
    await otherContext.close();
  }
});
