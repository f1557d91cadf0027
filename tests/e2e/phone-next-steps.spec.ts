import { expect, test } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expectNoFindings, startAudit } from './a11y-audit.ts';
import { confirmDialog, signInThroughForm } from './helpers.ts';
import {
  adminToken,
  apiLogin,
  bearer,
  myAssessments,
  questionCard,
  registerStudent,
  takeDiagnosticThroughApi,
  schoolWithOwnQuestions,
} from './learning-helpers.ts';

// Issue 24, items 1, 12 and 13, on a phone: the pathway never starts a timed attempt unasked (the stakes
// come first, and Cancel or "Not now" leaves nothing started), a result pins its main action where a thumb
// is, a topic's "Practise" opens Test Yourself with that topic, and Test Yourself starts with one button and
// marks the chosen and the right option. A student of our own, at the demo school (its quizzes are timed),
// so no other spec's attempts are spent.

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

const DEMO_SCHOOL = 'Little Acorns Early Learning Centre';
const PASSWORD = 'Next-Steps-Learner-2026!';
// The pathway picks the quiz most about the topic, which may be one another test of the run aimed at the demo
// school, with or without a limit on attempts: the line states whichever holds.
const STAKES = /\d+ questions? · \d+ minutes? · (attempt 1 of \d+|no limit on attempts)/;

async function newStudent(page: Page, request: APIRequestContext, schoolName = DEMO_SCHOOL) {
  const email = await registerStudent(request, { password: PASSWORD, schoolName });
  const token = await apiLogin(request, email, PASSWORD);
  await takeDiagnosticThroughApi(request, token);
  await signInThroughForm(page, email, PASSWORD);
  return token;
}

/**
 * A school of its own with a timed quiz for it alone, on three questions of its own (copies of demo ones,
 * each on another micro topic): a seeded quiz holds the demo questions for good, so their result would show
 * no right/wrong per topic, and no weak topic to practise.
 */
async function timedQuizOfOwn(request: APIRequestContext) {
  const headers = bearer(await adminToken(request));
  const { schoolName, schoolId, questions } = await schoolWithOwnQuestions(
    request,
    headers,
    'Next Steps Nursery',
    (byTopic) => byTopic.slice(0, 3),
  );
  const quiz = await request.post('/api/admin/assessments', {
    headers,
    data: {
      kind: 'quiz',
      title: `Next steps quiz ${Date.now()}`,
      selection: 'fixed',
      question_ids: questions.map((q) => q.id),
      time_limit_minutes: 15,
      attempts_allowed: 2,
      pass_mark: 60,
      school_ids: [schoolId],
      published: true,
    },
  });
  expect(quiz.status(), await quiz.text()).toBeLessThan(300);
  const { assessment } = (await quiz.json()) as { assessment: { id: number } };
  return { schoolName, quizId: assessment.id };
}

/** Nothing started: the quiz is as the student left it, with no attempt in progress. */
async function expectNotStarted(request: APIRequestContext, token: string, quizId: number) {
  const quiz = (await myAssessments(request, token, 'quiz')).find((q) => q.id === quizId);
  expect(quiz, `quiz ${quizId} is offered`).toBeTruthy();
  expect(quiz!.state).toBe('not_started');
  expect(quiz!.in_progress_attempt_id).toBeNull();
}

/** Wholly on the first screen, no scrolling, and big enough for a thumb. */
async function expectOnFirstScreen(target: Locator) {
  await expect(target).toBeVisible();
  const box = await target.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
  expect(box!.height).toBeGreaterThanOrEqual(44);
}

const quizIdOf = (href: string | null) => Number(/\/quiz\/(\d+)/.exec(href ?? '')?.[1]);

test('the pathway asks with the stakes before any timed quiz starts, and a queue shows each result first', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await newStudent(page, request);

  await page.goto('/learning-pathway');
  const ready = page.getByRole('region', { name: 'Ready to learn' });
  const start = ready.getByRole('button', { name: /^Start quiz: / });
  await expect(start).toBeVisible();
  const firstTitle = ((await start.textContent()) ?? '').replace(/^Start quiz: /, '');
  const firstStep = ready.getByRole('listitem').filter({ has: page.getByRole('link', { name: firstTitle }) });
  const firstId = quizIdOf(
    await firstStep.first().getByRole('link', { name: firstTitle }).getAttribute('href'),
  );
  expect(firstId).toBeGreaterThan(0);

  // The start asks first, with the stakes; Cancel starts nothing.
  await start.tap();
  const dialog = confirmDialog(page);
  await expect(dialog).toContainText(STAKES);
  await expect(dialog).toContainText(/more quiz(zes)? follows?; you can stop after any/);
  await expect(dialog).toContainText('The timer starts as soon as you begin');
  const audit = startAudit(page, 'student');
  await audit.check('/learning-pathway (the start dialog)', '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).tap();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/learning-pathway$/);
  await expectNotStarted(request, token, firstId);

  // A topic's own quiz link asks too, on the quiz screen, before anything starts; "Not now" goes back.
  await firstStep.first().getByRole('link', { name: firstTitle }).tap();
  const ask = page.getByRole('region', { name: 'Ready to start?' });
  await expect(ask).toContainText(STAKES);
  await expect(page.getByRole('timer')).toHaveCount(0);
  await audit.check('/quiz (the question before a start)', 'main');
  expectNoFindings(audit);
  await expectNotStarted(request, token, firstId);
  await ask.getByRole('button', { name: 'Not now', exact: true }).tap();
  await expect(page).toHaveURL(/\/learning-pathway$/);
  await expectNotStarted(request, token, firstId);

  // Yes starts the first of the queue, and only it.
  await ready.getByRole('button', { name: `Start quiz: ${firstTitle}` }).tap();
  await confirmDialog(page).getByRole('button', { name: 'Yes', exact: true }).tap();
  await expect(page).toHaveURL(new RegExp(`/quiz/${firstId}/[\\d,]+$`));
  const queued = new URL(page.url()).pathname.split('/')[3]!.split(',').map(Number);
  await expect(questionCard(page)).toBeVisible();
  await expect(
    page.getByText(/more quiz(zes)? follows? after this one; you can stop after any/),
  ).toBeVisible();

  // Submitted (nothing answered): the result comes next, not the next quiz's clock.
  await page.getByRole('button', { name: /^Questions: 1 of \d+$/ }).tap();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit', exact: true }).tap();
  await confirmDialog(page).getByRole('button', { name: 'Yes', exact: true }).tap();
  await expect(page).toHaveURL(/\/quiz-result\/[0-9a-f-]{36}\?next=[\d,]+$/);
  const pinned = page.getByRole('navigation', { name: 'Next step' });
  // The next quiz of the queue, by name: a timed one is a button that asks, an untimed one a plain link
  // (no clock to spend), as on Quizzes.
  const next = pinned
    .getByRole('button', { name: /^Start quiz: / })
    .or(pinned.getByRole('link', { name: /^Start quiz: / }));
  await expectOnFirstScreen(next);
  const nextTitle = ((await next.textContent()) ?? '').replace(/^Start quiz: /, '');
  const nextQuiz = (await myAssessments(request, token, 'quiz')).find((q) => q.title === nextTitle);
  expect(queued).toContain(nextQuiz?.id);
  if (nextQuiz!.time_limit_minutes === null) {
    await expect(pinned.getByRole('link', { name: `Start quiz: ${nextTitle}` })).toBeVisible();
    return;
  }
  await next.tap();
  await expect(confirmDialog(page)).toContainText(STAKES);
  await confirmDialog(page).getByRole('button', { name: 'Cancel', exact: true }).tap();
  await expectNotStarted(request, token, nextQuiz!.id);
});

test('a result pins its main action on the first screen, and a topic\'s "Practise" opens Test Yourself with it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { schoolName, quizId } = await timedQuizOfOwn(request);
  const token = await newStudent(page, request, schoolName);

  // The diagnostic's results: the main action is on the first screen, over a long page.
  await page.goto('/diagnostic-results');
  await expect(page.getByRole('region', { name: 'Your starting point' })).toBeVisible();
  const diagnosticAction = page.getByRole('navigation', { name: 'Next step' }).getByRole('link');
  await expectOnFirstScreen(diagnosticAction);
  // Scrolled to "What next", the bar steps aside: the action is not shown twice.
  await page.getByRole('region', { name: 'What next' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('navigation', { name: 'Next step' })).toBeHidden();

  // A quiz result: the school's timed quiz, taken from the Quizzes list (which asks), submitted with nothing
  // answered.
  const quiz = (await myAssessments(request, token, 'quiz')).find((q) => q.id === quizId);
  expect(quiz).toMatchObject({ state: 'not_started', time_limit_minutes: 15 });
  await page.goto(`/quiz/${quizId}`);
  await page
    .getByRole('region', { name: 'Ready to start?' })
    .getByRole('button', { name: /^Start quiz: / })
    .tap();
  await expect(questionCard(page)).toBeVisible();
  await page.getByRole('button', { name: /^Questions: 1 of \d+$/ }).tap();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit', exact: true }).tap();
  await confirmDialog(page).getByRole('button', { name: 'Yes', exact: true }).tap();
  await expect(page).toHaveURL(/\/quiz-result\/[0-9a-f-]{36}$/);

  const main = page.getByRole('navigation', { name: 'Next step' }).getByRole('link', {
    name: 'Practise these topics',
  });
  await expectOnFirstScreen(main);
  const audit = startAudit(page, 'student');
  await audit.check('/quiz-result (pinned action)', 'main');
  expectNoFindings(audit);
  // The page leaves room for the bar: at the very end nothing is under it.
  const room = await page.evaluate(() => {
    const screen = document.querySelector('.screen.result');
    return screen ? parseFloat(getComputedStyle(screen).paddingBottom) : 0;
  });
  expect(room).toBeGreaterThanOrEqual(70);

  const topics = page.getByRole('list', { name: 'Result per topic' });
  const chip = topics.getByRole('link', { name: /^Practise / }).first();
  const topic = ((await chip.getAttribute('aria-label')) ?? '').replace(/^Practise /, '');
  const href = (await chip.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/test-your-self\?topics=\d+$/);
  const box = await chip.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await chip.tap();
  await expect(page).toHaveURL((url) => url.pathname === '/test-your-self' && url.search === href.slice(15));
  await expect(page.getByRole('status').filter({ hasText: 'Chosen from your result' })).toHaveText(
    `Chosen from your result: ${topic}.`,
  );
  await expect(
    page.getByRole('group', { name: 'Topics' }).getByRole('checkbox', { name: topic, exact: true }),
  ).toBeChecked();
  await expect(page.getByText('1 micro topic chosen.')).toBeVisible();
});

test('Test Yourself starts with one button, and marks the chosen and the right option after each answer', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await newStudent(page, request);

  await page.goto('/test-your-self');
  const one = page.getByRole('button', { name: 'Practise your ready topics (5 questions)' });
  await expectOnFirstScreen(one);
  // The tree waits behind "Choose topics".
  const choose = page.getByRole('button', { name: 'Choose topics', exact: true });
  await expect(choose).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('group', { name: 'Topics' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Start/ })).toHaveCount(0);

  await one.tap();
  await expect(page.getByText(/^0 of 5 answered$/)).toBeVisible();

  // Five questions drawn at random from the ready topics; most of the practice bank is matching, ordering
  // and short answers, so a set may hold no option to mark: then it is finished and another one drawn.
  let marked = 0;
  for (let set = 1; set <= 6 && marked === 0; set += 1) {
    if (set > 1) {
      await page.getByRole('button', { name: 'Finish now' }).tap();
      await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).tap();
      await page.getByRole('button', { name: 'Practise again' }).tap();
      await one.tap();
      await expect(page.getByText(/^0 of 5 answered$/)).toBeVisible();
    }
    for (let n = 1; n <= 5 && marked === 0; n += 1) {
      const card = questionCard(page);
      await expect(card).toHaveAccessibleName(`Question ${n} of 5`);
      // An option question: one to choose (single choice, true/false) or several (select all that apply).
      const options = card.getByRole('radio').or(card.getByRole('checkbox'));
      if ((await options.count()) > 0) {
        const single = (await card.getByRole('radio').count()) > 0;
        await options.first().check();
        await page.getByRole('button', { name: 'Check answer' }).tap();
        await expect(page.getByRole('status').filter({ hasText: /Correct!|Not quite\./ })).toBeVisible();
        const chosen = card.locator('.answer__option').filter({ hasText: /Your answer: (right|wrong)/ });
        await expect(chosen).toHaveCount(1);
        const right = (await chosen.textContent())?.includes('Your answer: right');
        // Marked in words and with a sign, and in colour: green for right, red for a wrong choice.
        const colour = await chosen.evaluate((el) => getComputedStyle(el).borderColor);
        expect(colour).toBe(right ? 'rgb(31, 122, 77)' : 'rgb(180, 35, 24)');
        const answers = card.locator('.answer__option').filter({ hasText: 'The right answer' });
        if (single && !right) await expect(answers).toHaveCount(1);
        for (const answer of await answers.all())
          expect(await answer.evaluate((el) => getComputedStyle(el).borderColor)).toBe('rgb(31, 122, 77)');
        const audit = startAudit(page, 'student');
        await audit.check('/test-your-self (marked options)', 'main');
        expectNoFindings(audit);
        marked += 1;
      } else if (n < 5) {
        await page.getByRole('button', { name: 'Next question' }).tap();
      }
    }
  }
  expect(marked, 'an option question came up in six sets of five').toBe(1);
});
