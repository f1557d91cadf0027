import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { ACCOUNTS, DEMO_PASSWORD } from './helpers.ts';

// Steps shared by the learning specs (quizzes, exams, the diagnostic, offline taking).

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The card of the question on screen ("Question 3 of 8"; the adaptive diagnostic's "Question 3 · up to 25"). */
export const questionCard = (page: Page): Locator =>
  page.getByRole('region', { name: /^Question \d+ (of|· up to) \d+$/ });

export const questionNavigator = (page: Page): Locator =>
  page.getByRole('navigation', { name: 'Question navigator' });

export const syncStatus = (page: Page): Locator =>
  page.getByRole('status').filter({ hasText: /saved|waiting to sync|kept on this device/ });

/** How many questions the attempt has (at most, for the diagnostic), read from "Question n of N". */
export async function questionTotal(page: Page): Promise<number> {
  const heading = await questionCard(page).getByRole('heading').first().textContent();
  const match = /(?:of|up to) (\d+)$/.exec(heading ?? '');
  if (!match) throw new Error(`No question counter in "${heading}"`);
  return Number(match[1]);
}

/**
 * Gives some answer to the question on screen, whatever its type, the way a student would: pick, tick,
 * type, match or order.
 */
export async function answerSomehow(page: Page): Promise<void> {
  const card = questionCard(page);
  const trueRadio = card.getByRole('radio', { name: 'True', exact: true });
  if ((await trueRadio.count()) > 0) {
    await trueRadio.check();
    return;
  }
  const radios = card.getByRole('radio');
  if ((await radios.count()) > 0) {
    await radios.first().check();
    return;
  }
  const boxes = card.getByRole('checkbox');
  if ((await boxes.count()) > 0) {
    await boxes.first().check();
    return;
  }
  const text = card.getByLabel('Your answer');
  if ((await text.count()) > 0) {
    await text.fill('Learning through play');
    await text.blur();
    return;
  }
  const selects = card.getByRole('combobox');
  const pairs = await selects.count();
  if (pairs > 0) {
    for (let i = 0; i < pairs; i += 1) await selects.nth(i).selectOption({ index: i + 1 });
    return;
  }
  // Matching on a phone: each item opens a sheet of its answers (the i-th item takes the i-th answer).
  const pickers = card.locator('[data-match-left]').getByRole('button');
  const items = await pickers.count();
  if (items > 0) {
    for (let i = 0; i < items; i += 1) {
      await pickers.nth(i).click();
      await page
        .getByRole('dialog')
        .getByRole('list', { name: 'Answers' })
        .getByRole('button')
        .nth(i)
        .click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    return;
  }
  await card.getByRole('button', { name: 'Keep this order' }).click();
}

/** Answers questions first..last (1-based) in order with the Next button, checking the navigator as it goes. */
export async function answerQuestions(page: Page, first: number, last: number): Promise<void> {
  for (let n = first; n <= last; n += 1) {
    await expect(questionCard(page)).toHaveAccessibleName(new RegExp(`^Question ${n} of`));
    await answerSomehow(page);
    await expect(
      questionNavigator(page).getByRole('button', { name: new RegExp(`^Question ${n}, answered`) }),
    ).toBeVisible();
    const next = page.getByRole('button', { name: 'Next', exact: true });
    if ((await next.count()) > 0) await next.click();
  }
}

export async function apiLogin(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), `API login of ${email}`).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

export const adminToken = (request: APIRequestContext) => apiLogin(request, ACCOUNTS.admin);

export const DEMO_SCHOOL = 'Little Acorns Early Learning Centre';

/**
 * The demo school's id. A quiz a test makes for the demo students is aimed at it, never at every school:
 * the schools other specs make (the visual baselines' among them) must not see it.
 */
export async function demoSchoolId(request: APIRequestContext): Promise<number> {
  const lookup = await request.get(`/api/lookups/schools?search=${encodeURIComponent(DEMO_SCHOOL)}`);
  expect(lookup.status()).toBe(200);
  const { data } = (await lookup.json()) as { data: { id: number; name: string }[] };
  const school = data.find((s) => s.name === DEMO_SCHOOL);
  if (!school) throw new Error(`No school named "${DEMO_SCHOOL}".`);
  return school.id;
}

/**
 * A student of our own at the school named `schoolName`, registered through the API and let into the
 * school by the admin (registration only asks to join); like every new student, they have not taken the
 * diagnostic yet.
 */
export async function registerStudent(
  request: APIRequestContext,
  { password, schoolName }: { password: string; schoolName: string },
): Promise<string> {
  const lookup = await request.get(`/api/lookups/schools?search=${encodeURIComponent(schoolName)}`);
  expect(lookup.status()).toBe(200);
  const { data: schools } = (await lookup.json()) as {
    data: { id: number; name: string; location_id: number }[];
  };
  const school = schools.find((s) => s.name === schoolName);
  if (!school) throw new Error(`No school "${schoolName}" in the lookups.`);
  const email = `e2e.learner.${Date.now()}.${Math.floor(Math.random() * 1e6)}@pathbuilder.test`;
  const response = await request.post('/api/register', {
    data: {
      full_name: 'Nia Newcomer',
      email,
      password,
      password_confirmation: password,
      location_id: school.location_id,
      school_id: school.id,
    },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  const admin = await adminToken(request);
  const waiting = await request.get('/api/admin/school-requests?per_page=100', { headers: bearer(admin) });
  expect(waiting.status()).toBe(200);
  const { data: requests } = (await waiting.json()) as { data: { id: number; email: string }[] };
  const mine = requests.find((r) => r.email === email);
  if (!mine) throw new Error(`No request to join "${schoolName}" from ${email}.`);
  const approved = await request.post(`/api/admin/school-requests/${mine.id}/approve`, {
    headers: bearer(admin),
  });
  expect(approved.status(), await approved.text()).toBe(200);
  return email;
}

/** Starts and submits the diagnostic through the API, so the student's menu is unlocked from then on. */
export async function takeDiagnosticThroughApi(request: APIRequestContext, token: string): Promise<void> {
  const [diagnostic] = await myAssessments(request, token, 'diagnostic');
  if (!diagnostic) throw new Error('No diagnostic is offered to this student.');
  const id = randomUUID();
  const start = await request.post('/api/attempts', {
    headers: bearer(token),
    data: { id, assessment_id: diagnostic.id },
  });
  expect(start.status(), await start.text()).toBeLessThan(300);
  const submit = await request.post(`/api/attempts/${id}/submit`, { headers: bearer(token), data: {} });
  expect(submit.status(), await submit.text()).toBe(200);
}

export interface MyAssessment {
  id: number;
  title: string;
  state: string;
  time_limit_minutes: number | null;
  question_count: number;
  in_progress_attempt_id: string | null;
}

export async function myAssessments(
  request: APIRequestContext,
  token: string,
  kind: 'quiz' | 'exam' | 'diagnostic',
): Promise<MyAssessment[]> {
  const response = await request.get(`/api/my/assessments?kind=${kind}`, { headers: bearer(token) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: MyAssessment[] }).data;
}

/** A single-choice bank question as the admin API lists it, with what a copy needs. */
export interface BankQuestion {
  id: number;
  micro_topic_id: number;
  micro_topic_name: string;
  practice_only: boolean;
  difficulty: number;
  stem: string;
  explanation: string;
  image_url: string | null;
  content: { type: 'single_choice'; options: { id: string; text: string }[]; correct: string[] };
}

/**
 * Questions of the test's own: copies of these bank questions (the same topic, text, options and key), made
 * through the admin API. A seeded quiz or exam has no close date, so it holds its demo questions' keys for
 * good, and a result shows no right/wrong tally for a topic with a held question. A copy is held by the
 * test's quiz alone, so the tallies the test reads are real, and on screen it looks just like the original.
 */
export async function copiesOf(
  request: APIRequestContext,
  headers: Record<string, string>,
  questions: BankQuestion[],
): Promise<BankQuestion[]> {
  const copies: BankQuestion[] = [];
  for (const q of questions) {
    const made = await request.post('/api/admin/questions', {
      headers,
      data: {
        micro_topic_id: q.micro_topic_id,
        difficulty: q.difficulty,
        stem: q.stem,
        explanation: q.explanation,
        image_url: q.image_url,
        content: q.content,
        practice_only: false,
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    copies.push(((await made.json()) as { question: BankQuestion }).question);
  }
  return copies;
}

/**
 * A school of its own and copies of single-choice demo questions, one per micro topic (`pick` chooses from
 * the bank's first usable question of each topic): nothing another spec uses or a seeded assessment holds.
 */
export async function schoolWithOwnQuestions(
  request: APIRequestContext,
  headers: Record<string, string>,
  schoolPrefix: string,
  pick: (byTopic: BankQuestion[]) => BankQuestion[],
): Promise<{ schoolName: string; schoolId: number; questions: BankQuestion[] }> {
  const { schoolName, schoolId } = await schoolOfItsOwn(request, headers, schoolPrefix);
  const bank = await request.get('/api/admin/questions?type=single_choice&per_page=100', { headers });
  expect(bank.status()).toBe(200);
  const usable = ((await bank.json()) as { data: BankQuestion[] }).data.filter((q) => !q.practice_only);
  const byTopic = [...new Map(usable.map((q) => [q.micro_topic_id, q])).values()];
  return { schoolName, schoolId, questions: await copiesOf(request, headers, pick(byTopic)) };
}

/**
 * A new school named `${schoolPrefix} ${Date.now()}`: what its students see is what every school sees, and
 * nothing another spec makes for the demo school.
 */
export async function schoolOfItsOwn(
  request: APIRequestContext,
  headers: Record<string, string>,
  schoolPrefix: string,
): Promise<{ schoolName: string; schoolId: number }> {
  const { data: locations } = (await (await request.get('/api/lookups/locations')).json()) as {
    data: { id: number }[];
  };
  const schoolName = `${schoolPrefix} ${Date.now()}`;
  const school = await request.post('/api/admin/schools', {
    headers,
    data: { name: schoolName, location_id: locations[0]!.id },
  });
  expect(school.status(), await school.text()).toBeLessThan(300);
  const { school: made } = (await school.json()) as { school: { id: number } };
  return { schoolName, schoolId: made.id };
}
