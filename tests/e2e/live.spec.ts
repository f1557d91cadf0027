import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import pg from 'pg';
import { ACCOUNTS, DEMO_PASSWORD, loginAs } from './helpers.ts';

/**
 * Live discussions: a student and the teacher in one session see each other's messages within a second,
 * removals included, and a student who drops gets what was said meanwhile and sends what they wrote offline.
 * With PostgreSQL, the same with each of them served by a different server process (LISTEN/NOTIFY).
 */

const DELIVERY_MS = 1000;

/** A session for every school, live now, made by the admin through the back-office API. */
async function createLiveSession(
  request: APIRequestContext,
  baseURL: string,
  title: string,
): Promise<number> {
  const login = await request.post(`${baseURL}/api/auth/login`, {
    data: { email: ACCOUNTS.admin, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const now = Date.now();
  const res = await request.post(`${baseURL}/api/admin/content/live-discussion`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title,
      summary: 'Bring a literacy activity you are planning.',
      body_html: '<p>An open hour of questions.</p>',
      published: true,
      school_ids: [],
      micro_topic_ids: [],
      starts_at: new Date(now - 60_000).toISOString(),
      ends_at: new Date(now + 60 * 60_000).toISOString(),
      meeting_url: 'https://meet.example.test/literacy',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { item: { id: number } }).item.id;
}

const messages = (page: Page) => page.getByRole('list', { name: 'Messages' });
const connected = (page: Page) =>
  expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible();

/**
 * Sends `text` from `from` (Enter in the message box) and checks it shows on `to` within a second, timed in
 * the browsers themselves: from the key press on one page to the text in the other's message list (both read
 * the same machine clock), so the test harness's own overhead does not count.
 */
async function exchange(from: Page, to: Page, text: string): Promise<void> {
  await watchFor(to, text);
  await from.evaluate(() => {
    const w = window as unknown as { sentAt?: Promise<number> };
    w.sentAt = new Promise<number>((resolve) =>
      document.addEventListener('keydown', (e) => e.key === 'Enter' && resolve(Date.now()), {
        capture: true,
      }),
    );
  });
  await send(from, text);
  await expect(messages(to).getByText(text, { exact: true })).toBeVisible({ timeout: 5000 });
  expect(await took(from, to), `"${text}" reached the other page`).toBeLessThan(DELIVERY_MS);
}

/** Notes (in the page) when `needle` first shows in the message list. */
async function watchFor(page: Page, needle: string): Promise<void> {
  await page.evaluate((text) => {
    const w = window as unknown as { arrivedAt?: Promise<number> };
    w.arrivedAt = new Promise<number>((resolve) => {
      const seen = () => document.querySelector('[aria-label="Messages"]')?.textContent?.includes(text);
      const observer = new MutationObserver(() => {
        if (!seen()) return;
        observer.disconnect();
        resolve(Date.now());
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  }, needle);
}

/** Milliseconds from the action noted on `from` to the arrival noted on `to`. */
async function took(from: Page, to: Page): Promise<number> {
  const sentAt = await from.evaluate(() => (window as unknown as { sentAt: Promise<number> }).sentAt);
  const arrivedAt = await to.evaluate(() => (window as unknown as { arrivedAt: Promise<number> }).arrivedAt);
  return arrivedAt - sentAt;
}

async function send(page: Page, text: string): Promise<void> {
  const box = page.getByLabel('Your message');
  await box.fill(text);
  await box.press('Enter');
}

async function twoPeople(browser: Browser, student: string, teacher: string) {
  const studentContext = await browser.newContext({ baseURL: student });
  const teacherContext = await browser.newContext({ baseURL: teacher });
  const s = await studentContext.newPage();
  const t = await teacherContext.newPage();
  await loginAs(s, 'student');
  await loginAs(t, 'teacher');
  return { s, t, close: () => Promise.all([studentContext.close(), teacherContext.close()]) };
}

test('a student and the teacher in one live discussion see each other’s messages within a second', async ({
  browser,
  request,
  baseURL,
}) => {
  // Two people, each signing in, on a machine that may be busy: the timing that matters is measured inside.
  test.setTimeout(90_000);
  const title = `Q&A live ${Date.now()}`;
  const id = await createLiveSession(request, baseURL!, title);
  const { s, t, close } = await twoPeople(browser, baseURL!, baseURL!);

  // The student finds it under Live now and joins; the teacher opens it directly.
  await s.goto('/live');
  const live = s.getByRole('region', { name: 'Live now' });
  await expect(live.getByRole('heading', { name: title })).toBeVisible();
  await expect(live.getByRole('link', { name: 'Open the meeting' }).first()).toHaveAttribute(
    'href',
    'https://meet.example.test/literacy',
  );
  await s
    .getByRole('listitem')
    .filter({ has: s.getByRole('heading', { name: title }) })
    .getByRole('link', { name: 'Join the discussion' })
    .click();
  await expect(s).toHaveURL(`/live?session=${id}`);
  await t.goto(`/live?session=${id}`);
  await connected(s);
  await connected(t);

  const question = 'How do I plan a <b>phonics</b> game for four-year-olds?';
  await exchange(s, t, question);
  // Shown as typed, as text: no bold element made of it.
  await expect(messages(t).locator('b')).toHaveCount(0);
  const answer = 'Start with rhyme: a basket of objects, and the children find pairs that sound alike.';
  await exchange(t, s, answer);
  // Own messages sit on the other side, with "You".
  await expect(messages(s).getByRole('listitem').filter({ hasText: question })).toHaveClass(
    /live-message--mine/,
  );

  // The teacher moderates: the student sees "Message removed" within a second.
  const rude = 'This is off topic';
  await exchange(s, t, rude);
  await messages(t)
    .getByRole('listitem')
    .filter({ hasText: rude })
    .getByRole('button', { name: /^Delete/ })
    .click();
  await watchFor(s, 'Message removed');
  await t.evaluate(() => {
    const w = window as unknown as { sentAt?: Promise<number> };
    w.sentAt = new Promise<number>((resolve) =>
      document.addEventListener('click', () => resolve(Date.now()), { capture: true, once: true }),
    );
  });
  await t.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(messages(s).getByRole('listitem').filter({ hasText: 'Message removed' })).toBeVisible();
  expect(await took(t, s), 'the removal reached the student').toBeLessThan(DELIVERY_MS);
  await expect(messages(s).getByText(rude)).toHaveCount(0);
  // Students have no Delete.
  await expect(messages(s).getByRole('button', { name: /^Delete/ })).toHaveCount(0);

  // The student drops: what the teacher says meanwhile arrives on reconnect, and what the student typed
  // offline is sent then.
  await s.context().setOffline(true);
  await expect(
    s.getByRole('status').filter({ hasText: 'Messages you write are sent when you are back online' }),
  ).toBeVisible();
  const meanwhile = 'While you were away: try the rhyming basket tomorrow.';
  await send(t, meanwhile);
  const offline = 'Written on the train, sent later';
  await send(s, offline);
  await expect(messages(s).getByRole('listitem').filter({ hasText: offline })).toContainText(
    'Waiting for the connection',
  );
  // Nothing reaches the teacher yet.
  await expect(messages(t).getByText(offline)).toHaveCount(0);
  await s.context().setOffline(false);
  await expect(messages(s).getByText(meanwhile)).toBeVisible();
  await expect(messages(t).getByText(offline)).toBeVisible();
  await expect(messages(s).getByRole('listitem').filter({ hasText: offline })).not.toContainText('Waiting');
  await close();
});

// ---------------------------------------------------------------------------------------------------------
// PostgreSQL: two server processes on one database, one person on each.

const PG_URL = process.env.TEST_DATABASE_URL;

function startServer(port: number, databaseUrl: string, dataDir: string): ChildProcess {
  return spawn(process.execPath, ['src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SEED: 'demo',
      WORKERS: '1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      STATIC_DIR: process.env.STATIC_DIR ?? 'dist',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function healthy(url: string): Promise<void> {
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${url}/api/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(200);
}

test.describe('with PostgreSQL, each person on a different server process', () => {
  test.skip(!PG_URL, 'TEST_DATABASE_URL is not set');
  const port = Number(process.env.E2E_PORT ?? 4180) + 20;
  const name = `pb_e2e_live_${process.pid}_${Date.now()}`;
  const servers: ChildProcess[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'pb-e2e-live-'));
  let databaseUrl = '';

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(PG_URL!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    // The first migrates and seeds; the second starts on the ready database.
    servers.push(startServer(port, databaseUrl, dataDir));
    await healthy(`http://127.0.0.1:${port}`);
    servers.push(startServer(port + 1, databaseUrl, dataDir));
    await healthy(`http://127.0.0.1:${port + 1}`);
  });

  test.afterAll(async () => {
    await Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            if (server.exitCode !== null) return resolve();
            server.once('exit', () => resolve());
            server.kill('SIGTERM');
          }),
      ),
    );
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('a message posted through one process reaches the person on the other within a second', async ({
    browser,
    request,
  }) => {
    // Two browsers on two server processes: more steps than the others, so more time (delivery stays timed).
    test.setTimeout(90_000);
    const a = `http://127.0.0.1:${port}`;
    const b = `http://127.0.0.1:${port + 1}`;
    const title = `Across processes ${Date.now()}`;
    const id = await createLiveSession(request, a, title);
    const { s, t, close } = await twoPeople(browser, a, b);
    await s.goto(`/live?session=${id}`);
    await t.goto(`/live?session=${id}`);
    await connected(s);
    await connected(t);
    const fromA = 'Asked on process A: how long should circle time be?';
    await exchange(s, t, fromA);
    const fromB = 'Answered on process B: about as many minutes as the children are years old.';
    await exchange(t, s, fromB);
    await close();
  });
});
