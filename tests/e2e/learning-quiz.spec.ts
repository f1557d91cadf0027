import { expect, test } from '@playwright/test';
import { confirmDialog, loginAs, onPath, sidebar } from './helpers.ts';
import {
  answerQuestions,
  bearer,
  myAssessments,
  questionCard,
  questionNavigator,
} from './learning-helpers.ts';

test('the demo student takes a timed quiz, submits it, and reviews the result and the analysis', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const token = await loginAs(page, 'student');
  const quizzes = await myAssessments(page.request, token, 'quiz');
  const quiz = quizzes.find((q) => q.state === 'not_started' && q.time_limit_minutes !== null);
  if (!quiz) throw new Error('The demo seed has no timed quiz the student has not started.');

  await sidebar(page).getByRole('link', { name: 'Quizzes', exact: true }).click();
  await expect(page).toHaveURL(onPath('/quizzes'));
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: quiz.title }) });
  await expect(item).toContainText('Not started');
  await expect(item).toContainText(`Time limit ${quiz.time_limit_minutes} minutes`);
  await item.getByRole('button', { name: 'Start' }).click();
  await expect(confirmDialog(page)).toContainText(`time limit of ${quiz.time_limit_minutes} minutes`);
  await confirmDialog(page).getByRole('button', { name: 'Yes', exact: true }).click();

  await expect(page).toHaveURL(onPath(`/quiz/${quiz.id}`));
  await expect(page.getByRole('heading', { name: quiz.title, level: 1 })).toBeVisible();
  const timer = page.getByRole('timer', { name: 'Time left' });
  await expect(timer).toHaveText(/^\d\d:\d\d$/);
  const [minutes] = ((await timer.textContent()) ?? '').split(':').map(Number);
  expect(minutes).toBeLessThanOrEqual(quiz.time_limit_minutes ?? 0);
  expect(minutes).toBeGreaterThanOrEqual((quiz.time_limit_minutes ?? 0) - 2);

  // Every question but the last, then flag the second for review.
  const total = quiz.question_count;
  await answerQuestions(page, 1, total - 1);
  await questionNavigator(page)
    .getByRole('button', { name: /^Question 2,/ })
    .click();
  await questionCard(page).getByRole('button', { name: 'Flag for review' }).click();
  await expect(
    questionNavigator(page).getByRole('button', { name: /^Question 2, answered, flagged for review/ }),
  ).toBeVisible();

  // A reload resumes where the student was, answers and all.
  await page.reload();
  await expect(questionCard(page)).toHaveAccessibleName(`Question 2 of ${total}`);
  await expect(questionNavigator(page).getByRole('button', { name: /, answered/ })).toHaveCount(total - 1);

  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(confirmDialog(page)).toContainText(`Question ${total} is unanswered.`);
  await confirmDialog(page).getByRole('button', { name: 'Yes', exact: true }).click();

  await expect(page).toHaveURL(/\/quiz-result\/[0-9a-f-]{36}$/);
  const attemptId = page.url().split('/').pop() ?? '';
  const result = await page.request.get(`/api/attempts/${attemptId}/result`, { headers: bearer(token) });
  const {
    score,
    max_score: max,
    percent,
  } = (await result.json()) as {
    score: number;
    max_score: number;
    percent: number;
  };
  expect(max).toBe(total);
  await expect(page.getByRole('heading', { name: quiz.title, level: 1 })).toBeVisible();
  await expect(page.getByText(`${score} / ${max}`, { exact: true })).toBeVisible();
  // The score as a ring named in words, and a bar per micro topic (the quiz has four, two questions each).
  await expect(
    page.getByRole('img', { name: `Score ${percent}%, ${score} of ${max}; pass mark 60%` }),
  ).toBeVisible();
  await expect(page.getByText(/^(Passed|Not passed)$/)).toBeVisible();
  // What next: practice of the topics below the mastery mark, if any, and a retry (two attempts left).
  await expect(
    page.getByRole('region', { name: 'What next' }).getByRole('button', { name: 'Retry', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Result per topic' }).getByRole('listitem')).toHaveCount(4);

  await page.getByRole('link', { name: 'See the analysis' }).click();
  await expect(page).toHaveURL(onPath(`/quiz-analysis/${attemptId}`));
  const questions = page.getByRole('list', { name: 'Questions' }).getByRole('listitem');
  await expect(questions).toHaveCount(total);
  await expect(page.getByText(`${score} of ${total} questions correct.`)).toBeVisible();
  // Answers are released after submitting for this quiz: the key, the explanation and the class figure.
  await expect(questions.first()).toContainText('Your answer');
  await expect(questions.first()).toContainText('Correct answer');
  await expect(questions.first()).toContainText('Class average');
  await expect(questions.last()).toContainText('Not answered');
  await expect(questions.last()).toContainText('Incorrect');

  await page.getByRole('link', { name: 'Back to the result' }).click();
  await page.getByRole('link', { name: 'Back to quizzes' }).click();
  await expect(page).toHaveURL(onPath('/quizzes'));
  await expect(item).toContainText('Submitted');
  await expect(item).toContainText(`Best score ${percent}%`);
  await expect(item.getByRole('link', { name: 'Review', exact: true })).toHaveAttribute(
    'href',
    `/quiz-result/${attemptId}`,
  );
  // Taken once of three: a retake (timed, so it asks first), never "Start" again.
  await expect(item.getByRole('button', { name: 'Retake', exact: true })).toBeVisible();
  await expect(item.getByRole('button', { name: 'Start', exact: true })).toHaveCount(0);
});
