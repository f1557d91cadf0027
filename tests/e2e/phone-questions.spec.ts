import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import {
  adminToken,
  apiLogin,
  bearer,
  myAssessments,
  questionCard,
  registerStudent,
  syncStatus,
  takeDiagnosticThroughApi,
} from './learning-helpers.ts';
import { expectTouchFriendly, open, PHONE_TOUCH, settle, signIn } from './touch-audit.ts';

// Questions on a phone (390 × 844, touch; issue 24, items 10 and 11): matching shows every answer in full and
// saves through the same path, and the diagnostic says what it is and how far along. Each test makes a school,
// an assessment and a student of its own.

test.use(PHONE_TOUCH);

const PASSWORD = 'phone-touch-2024';

type MatchingQuestion = {
  id: number;
  practice_only: boolean;
  content: { type: 'matching'; pairs: { left: string; right: string }[] };
};

/** A school of its own with an untimed quiz of one question, and a student there past the diagnostic. */
async function quizOfOneQuestion(page: Page, questionId: number) {
  const request = page.request;
  const admin = bearer(await adminToken(request));
  const { data: locations } = (await (await request.get('/api/lookups/locations')).json()) as {
    data: { id: number }[];
  };
  const schoolName = `Touch Test Preschool ${Date.now()}`;
  const school = await request.post('/api/admin/schools', {
    headers: admin,
    data: { name: schoolName, location_id: locations[0]!.id },
  });
  expect(school.status(), await school.text()).toBeLessThan(300);
  const { school: made } = (await school.json()) as { school: { id: number } };
  const quiz = await request.post('/api/admin/assessments', {
    headers: admin,
    data: {
      kind: 'quiz',
      title: `Matching on a phone ${Date.now()}`,
      selection: 'fixed',
      question_ids: [questionId],
      time_limit_minutes: null,
      attempts_allowed: null,
      school_ids: [made.id],
      published: true,
    },
  });
  expect(quiz.status(), await quiz.text()).toBeLessThan(300);
  const { assessment } = (await quiz.json()) as { assessment: { id: number } };
  const email = await registerStudent(request, { password: PASSWORD, schoolName });
  const token = await apiLogin(request, email, PASSWORD);
  await takeDiagnosticThroughApi(request, token);
  return { email, token, quizId: assessment.id };
}

test('matching on a phone: every answer in full, chosen from a sheet, and saved', async ({ page }) => {
  test.setTimeout(90_000);
  const request = page.request;
  const admin = bearer(await adminToken(request));
  const bank = (await (
    await request.get('/api/admin/questions?type=matching&per_page=100', { headers: admin })
  ).json()) as { data: MatchingQuestion[] };
  // The demo's matching question with the longest answer: the one a select cut off mid-word.
  const longest = (q: MatchingQuestion) => Math.max(...q.content.pairs.map((p) => p.right.length));
  const question = bank.data.filter((q) => !q.practice_only).sort((a, b) => longest(b) - longest(a))[0]!;
  expect(longest(question), 'an answer longer than a phone select shows').toBeGreaterThan(40);
  const { email, token, quizId } = await quizOfOneQuestion(page, question.id);
  const { pairs } = question.content;

  await signIn(page, email, PASSWORD);
  await open(page, `/quiz/${quizId}`);
  const card = questionCard(page);
  // The words say what a phone shows: no column on the right, no selects.
  await expect(card.getByRole('group')).toContainText('Match each item with its answer');
  await expect(card).not.toContainText('on the right');
  await expect(card.getByRole('combobox')).toHaveCount(0);
  await expectTouchFriendly(page, 'a matching question');

  const items = card.locator('[data-match-left]');
  await expect(items).toHaveCount(pairs.length);
  // The items in the order shown (shuffled per attempt), each with its pair.
  const pairAt = async () =>
    (await items.locator('.answer__pair-label').allTextContents()).map((left) =>
      pairs.find((p) => p.left === left)!,
    );
  for (const [index, pair] of (await pairAt()).entries()) {
    const picker = items.nth(index).getByRole('button');
    await expect(picker).toHaveAccessibleName(`${pair.left} Choose a match`);
    await picker.tap();
    const sheet = page.getByRole('dialog', { name: pair.left });
    await expect(sheet).toBeVisible();
    const options = sheet.getByRole('list', { name: 'Answers' }).getByRole('button');
    // Every answer, word for word (the note of one matched elsewhere follows its text).
    const texts = await options.evaluateAll((buttons) =>
      buttons.map((b) => b.querySelector('span')?.textContent ?? ''),
    );
    expect(texts.toSorted()).toEqual(pairs.map((p) => p.right).toSorted());
    // None is cut off: each option's text fits its button, which wraps instead of clipping.
    const clipped = await options.evaluateAll((buttons) =>
      buttons.filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => b.textContent),
    );
    expect(clipped).toEqual([]);
    await expectTouchFriendly(page, `the answers for "${pair.left}"`);
    await options.filter({ hasText: pair.right }).first().tap();
    await expect(sheet).toBeHidden();
    await expect(picker).toHaveText(pair.right);
  }
  await expect(syncStatus(page)).toHaveText('All answers saved');

  // Saved on the server through the same answer path as on a desktop: left item → its right item.
  const [mine] = (await myAssessments(request, token, 'quiz')).filter((q) => q.id === quizId);
  const attempt = (await (
    await request.get(`/api/attempts/${mine!.in_progress_attempt_id}`, { headers: bearer(token) })
  ).json()) as {
    questions: { left: { id: string; text: string }[]; right: { id: string; text: string }[] }[];
    answers: { answer: { type: string; pairs: Record<string, string> } | null }[];
  };
  const [shown] = attempt.questions;
  const saved = attempt.answers[0]?.answer;
  expect(saved?.type).toBe('matching');
  const textOf = (side: { id: string; text: string }[], id: string) => side.find((s) => s.id === id)?.text;
  const savedPairs = Object.entries(saved!.pairs).map(([l, r]) => [
    textOf(shown!.left, l),
    textOf(shown!.right, r),
  ]);
  expect(savedPairs.toSorted()).toEqual(pairs.map((p) => [p.left, p.right]).toSorted());

  // And the screen shows them again after a reload.
  await page.reload();
  await settle(page);
  for (const [index, pair] of (await pairAt()).entries()) {
    await expect(items.nth(index).getByRole('button')).toHaveText(pair.right);
  }
});

test('the diagnostic on a phone: the top bar says Diagnostic, the counter says "up to", and a bar shows progress', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const request = page.request;
  const admin = bearer(await adminToken(request));
  const { data: locations } = (await (await request.get('/api/lookups/locations')).json()) as {
    data: { id: number }[];
  };
  const schoolName = `Touch Diagnostic Preschool ${Date.now()}`;
  const school = await request.post('/api/admin/schools', {
    headers: admin,
    data: { name: schoolName, location_id: locations[0]!.id },
  });
  expect(school.status(), await school.text()).toBeLessThan(300);
  const { school: made } = (await school.json()) as { school: { id: number } };
  const bank = (await (
    await request.get('/api/admin/questions?type=single_choice&per_page=100&sort=id', { headers: admin })
  ).json()) as { data: { id: number; micro_topic_id: number; practice_only: boolean }[] };
  const byTopic = [
    ...new Map(bank.data.filter((q) => !q.practice_only).map((q) => [q.micro_topic_id, q])).values(),
  ];
  const diagnostic = await request.post('/api/admin/assessments', {
    headers: admin,
    data: {
      kind: 'diagnostic',
      title: 'Where do I start',
      selection: 'fixed',
      question_ids: byTopic.slice(0, 6).map((q) => q.id),
      time_limit_minutes: null,
      attempts_allowed: 1,
      school_ids: [made.id],
      published: true,
    },
  });
  expect(diagnostic.status(), await diagnostic.text()).toBeLessThan(300);
  const { assessment } = (await diagnostic.json()) as { assessment: { id: number } };
  const email = await registerStudent(request, { password: PASSWORD, schoolName });

  await signIn(page, email, PASSWORD);
  await open(page, `/quiz/${assessment.id}`);
  const title = page.getByRole('banner').getByRole('heading', { level: 1 });
  await expect(title).toHaveText('Diagnostic');
  // The spec's document title for /quiz/{id} stays.
  await expect(page).toHaveTitle('Quiz | Pathbuilder');
  await expect(questionCard(page)).toHaveAccessibleName('Question 1 · up to 6');
  const bar = page.getByRole('progressbar', { name: 'Diagnostic progress' });
  await expect(bar).toHaveJSProperty('value', 0);
  await expect(
    page.getByText('0 of at most 6 answered. It ends as soon as we know where you stand.'),
  ).toBeVisible();
  await expectTouchFriendly(page, 'a diagnostic question');

  await page.getByRole('button', { name: "I don't know" }).tap();
  const done = page.getByRole('heading', { name: "You're done" });
  await expect(
    questionCard(page).getByRole('heading', { name: 'Question 2 · up to 6' }).or(done),
  ).toBeVisible();
  await expect(bar).toHaveJSProperty('value', (await done.isVisible()) ? 6 : 1);

  // Away from the diagnostic, the top bar says the route's title again.
  await open(page, '/');
  await expect(title).toHaveText('Dashboard');
});
