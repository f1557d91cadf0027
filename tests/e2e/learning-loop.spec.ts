import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { fillLoginForm } from './helpers.ts';
import {
  adminToken,
  apiLogin,
  bearer,
  registerStudent,
  takeDiagnosticThroughApi,
} from './learning-helpers.ts';

// Issue 7: a student's answers move their learning profile and pathway. A student of our own (registered
// here), so no other spec's answers move their numbers.

const DEMO_SCHOOL = 'Little Acorns Early Learning Centre';
const PASSWORD = 'Loop-Learner-2026!';

type Content =
  | { type: 'single_choice' | 'multiple_choice'; correct: string[] }
  | { type: 'true_false'; correct: boolean }
  | { type: 'short_answer'; accepted: string[] }
  | { type: 'matching'; pairs: { left_id: string; right_id: string }[] }
  | { type: 'ordering'; items: { id: string }[] };

/** The right answer to a question, as the admin's copy of its key says. */
function rightAnswer(content: Content): unknown {
  switch (content.type) {
    case 'single_choice':
      return { type: content.type, choice: content.correct[0] };
    case 'multiple_choice':
      return { type: content.type, choices: content.correct };
    case 'true_false':
      return { type: content.type, value: content.correct };
    case 'short_answer':
      return { type: content.type, text: content.accepted[0] };
    case 'matching':
      return {
        type: content.type,
        pairs: Object.fromEntries(content.pairs.map((p) => [p.left_id, p.right_id])),
      };
    case 'ordering':
      return { type: content.type, order: content.items.map((i) => i.id) };
  }
}

/** Takes the quiz through the API, every answer right, and submits it. */
async function aceQuiz(request: APIRequestContext, token: string, quizId: number): Promise<void> {
  const admin = await adminToken(request);
  const id = randomUUID();
  const start = await request.post('/api/attempts', {
    headers: bearer(token),
    data: { id, assessment_id: quizId },
  });
  expect(start.status(), await start.text()).toBeLessThan(300);
  const attempt = (await (await request.get(`/api/attempts/${id}`, { headers: bearer(token) })).json()) as {
    questions: { id: number }[];
  };
  for (const q of attempt.questions) {
    const key = (await (
      await request.get(`/api/admin/questions/${q.id}`, { headers: bearer(admin) })
    ).json()) as {
      question: { content: Content };
    };
    const saved = await request.put(`/api/attempts/${id}/answers/${q.id}`, {
      headers: bearer(token),
      data: { answer: rightAnswer(key.question.content), answered_at: new Date().toISOString() },
    });
    expect(saved.status(), await saved.text()).toBeLessThan(300);
  }
  const submit = await request.post(`/api/attempts/${id}/submit`, { headers: bearer(token), data: {} });
  expect(submit.status(), await submit.text()).toBe(200);
}

/** The percent a topic's card shows ("Not mastered yet · 12%"), or null when the topic is not listed. */
async function percentOnPathway(page: Page, topic: string): Promise<number | null> {
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: topic, exact: true }) });
  if ((await card.count()) === 0) return null;
  // "Not assessed yet" shows no figure: nothing known is 0.
  return Number(/(\d+)%/.exec((await card.first().textContent()) ?? '')?.[1] ?? 0);
}

test('a quiz taken moves the learning profile and the pathway, and the sidebar asks for the recalculations', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = await registerStudent(request, { password: PASSWORD, schoolName: DEMO_SCHOOL });
  const token = await apiLogin(request, email, PASSWORD);
  await takeDiagnosticThroughApi(request, token);

  await page.goto('/login');
  // The three recalculations of spec 7 go out 20 s after the sidebar appears, each once.
  const recalculations = [
    'calculate-proficiency',
    'calculate-user-progress',
    'calculate-daily-performance',
  ].map((call) =>
    page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes(call), {
      timeout: 80_000,
    }),
  );
  await fillLoginForm(page, email, PASSWORD);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();

  await page.goto('/learning-pathway');
  const ready = page.getByRole('region', { name: 'Ready to learn' });
  await expect(ready).toBeVisible();
  const firstWithQuiz = ready
    .getByRole('listitem')
    .filter({ has: page.getByRole('link') })
    .first();
  const topic = ((await firstWithQuiz.getByRole('heading').textContent()) ?? '').trim();
  const quizHref = (await firstWithQuiz.getByRole('link').first().getAttribute('href')) ?? '';
  const quizId = Number(/\/quiz\/(\d+)/.exec(quizHref)?.[1]);
  expect(quizId).toBeGreaterThan(0);
  const before = await percentOnPathway(page, topic);
  expect(before).not.toBeNull();

  await page.goto('/learning-profile');
  const summary = page.getByRole('region', { name: 'Where you stand' });
  const masteredBefore = Number(
    /(\d+) of \d+ topics? mastered/.exec((await summary.textContent()) ?? '')?.[1],
  );

  await aceQuiz(request, token, quizId);

  await page.reload();
  await expect(page.getByRole('region', { name: 'Latest attempts' }).getByRole('link')).not.toHaveCount(0);
  const masteredAfter = Number(
    /(\d+) of \d+ topics? mastered/.exec((await summary.textContent()) ?? '')?.[1],
  );
  expect(masteredAfter).toBeGreaterThanOrEqual(masteredBefore);

  await page.goto('/learning-pathway');
  await expect(page.getByRole('region', { name: 'Ready to learn' })).toBeVisible();
  const after = await percentOnPathway(page, topic);
  // Mastered now (so no longer offered), or at least a higher estimate than before.
  if (after !== null) expect(after).toBeGreaterThan(before!);
  else expect(masteredAfter).toBeGreaterThan(masteredBefore);

  for (const request of recalculations) expect((await request).url()).toMatch(/\/api\/user\//);
});
