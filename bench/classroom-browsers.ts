// The classroom bench's browser students: real Chromium pages that sign in and take the quiz through the
// app's own screens, outbox and service worker, all through the fault proxy. What each one answered is
// recorded from what it did on screen, to be checked against what the server stored.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from '@playwright/test';
import type { AnswerValue } from '../src/shared/contracts/attempts.ts';
import { answerFor, type GivenAnswer, type QuizQuestion } from './classroom-quiz.ts';
import type { Pace } from './classroom-student.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.ts';

const SHOTS = join(import.meta.dirname, '..', '.tmp', 'bench', 'classroom-screens');

export interface BrowserOutcome {
  email: string;
  /** From the result page's address; null when the student never got there. */
  attemptId: string | null;
  lastGiven: Map<number, GivenAnswer>;
  /** Answers of /api the browser saw with a status of 500 or more (the page's and the service worker's). */
  serverErrors: number;
  /** What went wrong on the way, if anything (the bench fails on it). */
  problem: string | null;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Tries `step` until it succeeds (a page that did not load in an outage is loaded again), or gives up. */
async function persist<T>(what: string, until: number, step: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await step();
    } catch (error) {
      const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
      if (Date.now() > until) throw new Error(`${what}: ${message}`);
      console.log(`  ${what}: ${message}; trying again`);
      await sleep(1_000);
    }
  }
}

/**
 * The quiz page did not come up in an outage. As a student would: "Try again" on "You are offline", the
 * start button when the page asks again (after a reload), else load the page again.
 */
async function unstick(page: Page): Promise<void> {
  const again = page.getByRole('button', { name: 'Try again', exact: true });
  const ready = page.getByRole('region', { name: 'Ready to start?' });
  if (await again.isVisible()) await again.click();
  else if (await ready.isVisible()) await ready.getByRole('button').first().click();
  else await page.reload({ waitUntil: 'domcontentloaded' });
}

const questionCard = (page: Page): Locator => page.getByRole('region', { name: /^Question \d+ of \d+$/ });

/** Gives `answer` to `q` on screen the way a student would: pick, tick, type, match or move. */
async function answerOnScreen(card: Locator, q: QuizQuestion, answer: AnswerValue): Promise<AnswerValue> {
  const c = q.content;
  switch (answer.type) {
    case 'single_choice': {
      const text = c.type === 'single_choice' ? c.options.find((o) => o.id === answer.choice)!.text : '';
      await card.getByRole('radio', { name: text, exact: true }).check();
      return answer;
    }
    case 'true_false':
      await card.getByRole('radio', { name: answer.value ? 'True' : 'False', exact: true }).check();
      return answer;
    case 'multiple_choice':
      if (c.type !== 'multiple_choice') break;
      // Ticks first, then clears: a choice question never goes through "nothing chosen".
      for (const o of c.options)
        if (answer.choices.includes(o.id))
          await card.getByRole('checkbox', { name: o.text, exact: true }).check();
      for (const o of c.options)
        if (!answer.choices.includes(o.id))
          await card.getByRole('checkbox', { name: o.text, exact: true }).uncheck();
      return answer;
    case 'short_answer': {
      const box = card.getByLabel('Your answer');
      await box.fill(answer.text);
      await box.blur();
      return answer;
    }
    case 'matching':
      if (c.type !== 'matching') break;
      for (const p of c.pairs) {
        const right = c.pairs.find((x) => x.right_id === answer.pairs[p.left_id])!;
        await card.getByLabel(p.left, { exact: true }).selectOption({ label: right.right });
      }
      return answer;
    case 'ordering': {
      if (c.type !== 'ordering') break;
      const textOf = (id: string) => c.items.find((i) => i.id === id)!.text;
      const shown = () =>
        card
          .locator('[data-order-item]')
          .evaluateAll((items) => items.map((i) => i.getAttribute('data-order-item')!));
      // Each item in turn moved up to its place.
      for (const [place, id] of answer.order.entries()) {
        for (let at = (await shown()).indexOf(id); at > place; at--)
          await card.getByRole('button', { name: `Move up: ${textOf(id)}`, exact: true }).click();
      }
      const keep = card.getByRole('button', { name: 'Keep this order', exact: true });
      if (await keep.isVisible()) await keep.click();
      return { type: 'ordering', order: await shown() };
    }
  }
  throw new Error(`question ${q.id} is not a ${answer.type} question`);
}

export async function takeQuizInBrowser(options: {
  browser: Browser;
  base: string;
  email: string;
  password: string;
  quizTitle: string;
  questions: QuizQuestion[];
  pace: Pace;
  random: () => number;
  giveUpAt: number;
}): Promise<BrowserOutcome> {
  const { browser, base, email, pace, random, giveUpAt } = options;
  const between = ([low, high]: readonly [number, number]) => low + random() * (high - low);
  const outcome: BrowserOutcome = {
    email,
    attemptId: null,
    lastGiven: new Map(),
    serverErrors: 0,
    problem: null,
  };
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  context.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/') && response.status() >= 500)
      outcome.serverErrors += 1;
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  try {
    await sleep(random() * pace.startSpreadMs);
    const signedIn = () => new URL(page.url()).pathname !== '/login';
    await persist(`${email} sign in`, giveUpAt, async () => {
      await page.goto('/login', { waitUntil: 'domcontentloaded' });
      // A sign-in whose answer came late (after the last try gave up on it) took: the app moves on.
      await Promise.race([page.getByLabel(/e-?mail/i).waitFor(), page.waitForURL(signedIn)]);
      if (signedIn()) return;
      await page.getByLabel(/e-?mail/i).fill(email);
      await page.getByLabel(/^password/i).fill(options.password);
      await page.getByRole('button', { name: /^(log ?in|sign in)$/i }).click();
      await page.waitForURL(signedIn, { timeout: 20_000 });
    });
    let tries = 0;
    await persist(`${email} start the quiz`, giveUpAt, async () => {
      if (tries++ > 0 && /\/quiz\/\d+/.test(page.url())) await unstick(page);
      if (!/\/quiz\/\d+/.test(page.url())) {
        await page.goto('/quizzes', { waitUntil: 'domcontentloaded' });
        const item = page
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { name: options.quizTitle }) });
        await item.getByRole('button', { name: /^(Start|Resume|Continue)$/ }).click();
        const yes = page.getByRole('dialog').getByRole('button', { name: 'Yes', exact: true });
        if (await yes.isVisible().catch(() => false)) await yes.click();
        else await yes.click({ timeout: 5_000 }).catch(() => undefined);
      }
      await questionCard(page).waitFor();
    });
    const byStem = (text: string) => options.questions.find((q) => text.includes(q.stem));
    const total = options.questions.length;
    for (let n = 1; n <= total; n++) {
      const card = questionCard(page);
      await card.and(page.getByRole('region', { name: `Question ${n} of ${total}`, exact: true })).waitFor();
      const q = byStem((await card.textContent()) ?? '');
      if (!q) throw new Error(`question ${n} on screen is none of the quiz's`);
      await sleep(between(pace.gapMs));
      const right = random() < pace.rightShare;
      outcome.lastGiven.set(q.id, { value: await answerOnScreen(card, q, answerFor(q, right).value), right });
      if (random() < pace.changeShare) {
        await sleep(between(pace.gapMs) / 2);
        outcome.lastGiven.set(q.id, {
          value: await answerOnScreen(card, q, answerFor(q, !right).value),
          right: !right,
        });
      }
      const next = page.getByRole('button', { name: 'Next', exact: true });
      if (n < total) await next.click();
    }
    await sleep(between(pace.gapMs));
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes', exact: true }).click();
    // The outbox sends the submission when the network lets it; the result page follows.
    await page.waitForURL(/\/quiz-result\/[0-9a-f-]{36}$/, {
      timeout: Math.max(1_000, giveUpAt - Date.now()),
    });
    outcome.attemptId = page.url().split('/').pop() ?? null;
  } catch (error) {
    // What the student saw when it went wrong, to be looked at.
    const shot = join(SHOTS, `${email}.png`);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: shot }).catch(() => undefined);
    const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    outcome.problem = `${message} (at ${page.url()}; ${shot})`;
  } finally {
    await context.close().catch(() => undefined);
  }
  return outcome;
}
