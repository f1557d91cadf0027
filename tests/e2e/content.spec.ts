import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { loginAs, waitForServiceWorkerControl } from './helpers.ts';

// A real clip of the demo seed: WebM/VP9, 23.9 s, 480 KB, with its duration in the file.
const CLIP = readFileSync(join(import.meta.dirname, '../../src/server/seed/media/running-record.webm'));

// The service worker would answer some API reads from its cache; these tests are about the server's state.
test.use({ serviceWorkers: 'block' });

async function studentPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
  await loginAs(page, 'student');
  return page;
}

const player = (page: Page) => page.getByTestId('video-player');
const currentTime = (page: Page) => player(page).evaluate((v: HTMLVideoElement) => v.currentTime);

/** Plays (muted, so the browser allows it) until the player reaches `seconds`, then pauses. */
async function playUntil(page: Page, seconds: number): Promise<void> {
  await player(page).evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(seconds);
  await player(page).evaluate((v: HTMLVideoElement) => v.pause());
}

const progressSaved = (page: Page, id: number) =>
  page.waitForResponse(
    (r) => r.url().endsWith(`/api/videos/${id}/progress`) && r.request().method() === 'PUT' && r.ok(),
  );

test('an admin uploads a video with a visible progress bar; a student resumes it, and seeking to the end does not complete it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, 'admin');
  await page.goto('/admin/video');
  await expect(page.getByRole('heading', { name: 'New video', level: 1 })).toBeVisible();
  await page.getByLabel('Title').fill('Writing a running record');

  // A slow uplink (Chromium's own throttling), so the progress can be watched on a fast local connection.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 160 * 1024,
  });
  const uploaded = page.waitForResponse(
    (r) => r.url().includes('/api/admin/files') && r.request().method() === 'POST',
  );
  await page
    .getByLabel('Video file')
    .setInputFiles({ name: 'running-record.webm', mimeType: 'video/webm', buffer: CLIP });
  const bar = page.getByRole('progressbar', { name: 'Uploading running-record.webm' });
  await expect(bar).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'running-record.webm' })).toContainText(/\d+ %/);
  // It moves: some of the file is sent before all of it is.
  await expect
    .poll(() => bar.evaluate((p: HTMLProgressElement) => p.value), { timeout: 15_000 })
    .toBeGreaterThan(0);
  expect((await uploaded).status()).toBe(201);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(page.getByTestId('video-file')).toContainText('running-record.webm');
  // New content is published unless unticked (issue 24).
  await expect(page.getByLabel('Published (students can see it)')).toBeChecked();
  await page.getByLabel('Published (students can see it)').check();
  await page.getByRole('button', { name: 'Save video' }).click();
  await expect(page.getByText('The video was saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/video\/\d+$/);
  const id = Number(/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
  // The length was read from the file on the server: 0:24.
  await expect(page.getByTestId('video-file')).toContainText('0:24');

  // The student watches about three seconds, leaves, and comes back to the same second.
  const student = await studentPage(browser);
  await student.goto('/videos');
  // The list of every video (once started, a video is also under "Continue watching" above it).
  const allVideos = student.getByRole('list', { name: 'All videos' });
  await expect(allVideos.getByRole('link', { name: /Writing a running record/ })).toContainText(
    'Watched 0 %',
  );
  await allVideos.getByRole('link', { name: /Writing a running record/ }).click();
  await expect(student).toHaveURL(new RegExp(`/video/${id}$`));
  await expect.poll(() => player(student).evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
  const firstSave = progressSaved(student, id);
  await playUntil(student, 3);
  await firstSave;
  const left = await currentTime(student);
  await student.reload();
  await expect.poll(() => player(student).evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
  await expect.poll(() => currentTime(student)).toBeGreaterThan(left - 1);
  expect(Math.abs((await currentTime(student)) - left)).toBeLessThanOrEqual(1);
  // What was played before the reload is what counts as watched (a busy machine may play past 3 s first).
  const duration = await player(student).evaluate((v: HTMLVideoElement) => v.duration);
  await expect
    .poll(async () => {
      const text = (await student.getByTestId('watched-status').textContent()) ?? '';
      return Math.abs(Number(/Watched (\d+) %/.exec(text)?.[1] ?? -100) - (left / duration) * 100);
    })
    .toBeLessThanOrEqual(5);

  // Seeking to the end and letting it finish adds only the last second or so: not complete.
  const endSave = progressSaved(student, id);
  await player(student).evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    v.currentTime = v.duration - 1;
    return v.play();
  });
  await expect
    .poll(() => player(student).evaluate((v: HTMLVideoElement) => v.ended), { timeout: 15_000 })
    .toBe(true);
  const saved = (await (await endSave).json()) as {
    progress: { completed_at: string | null; fraction: number };
  };
  expect(saved.progress.completed_at).toBeNull();
  expect(saved.progress.fraction).toBeLessThan(0.3);
  await expect(student.getByTestId('watched-status')).not.toContainText('Completed');
  await student.goto('/videos');
  const card = allVideos.getByRole('link', { name: /Writing a running record/ });
  await expect(card).toContainText(/Watched [12]\d %/);
  await expect(card).not.toContainText('Completed');
  // Started and not finished: it is under "Continue watching" too.
  await expect(
    student
      .getByRole('region', { name: 'Continue watching' })
      .getByRole('link', { name: /Writing a running record/ }),
  ).toContainText('Resume at');
  await student.context().close();
});

test('an admin writes a lecture; a student finds it under its topic, reads it, and it shows as read', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await loginAs(page, 'admin');
  await page.goto('/admin/lecture');
  await expect(page.getByRole('heading', { name: 'New lecture', level: 1 })).toBeVisible();
  await page.getByLabel('Title').fill('Sand play and early measurement');
  await page.getByLabel('Summary').fill('Fuller, emptier, heavier: measuring with sand.');
  const body = page.getByRole('textbox', { name: 'Lecture text', exact: true });
  await body.click();
  // A section heading from the toolbar, then the text under it.
  await page
    .getByRole('toolbar', { name: 'Lecture text formatting' })
    .getByRole('button', { name: 'Heading' })
    .click();
  await page.keyboard.type('Fuller and emptier');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Pouring sand between containers is early measurement.');
  const topics = page.getByRole('combobox', { name: 'Micro topics' });
  await topics.click();
  await topics.fill('Patterns, Shapes');
  await topics.press('Enter');
  // New content is published unless unticked (issue 24).
  await expect(page.getByLabel('Published (students can see it)')).toBeChecked();
  await page.getByLabel('Published (students can see it)').check();
  await page.getByRole('button', { name: 'Save lecture' }).click();
  await expect(page.getByText('The lecture was saved.')).toBeVisible();
  await page.goto('/admin/lectures');
  await expect(page.getByRole('row', { name: /Sand play and early measurement/ })).toContainText('Published');

  const student = await studentPage(browser);
  await student.goto('/lectures');
  await student.getByRole('button', { name: 'Play-Based Curriculum and Early Learning' }).click();
  await student.getByLabel('Topic').selectOption({ label: 'Early Numeracy and STEM' });
  const card = student.getByRole('link', { name: /Sand play and early measurement/ });
  await expect(card).toContainText('Unread');
  await card.click();
  await expect(student).toHaveURL(/\/lectures\?id=\d+$/);
  await expect(
    student.getByRole('heading', { name: 'Sand play and early measurement', level: 1 }),
  ).toBeVisible();
  await expect(student.getByTestId('lecture-body')).toContainText('Pouring sand between containers');
  await expect(
    student.getByTestId('lecture-body').getByRole('heading', { name: 'Fuller and emptier', level: 2 }),
  ).toBeVisible();
  // Read once it has been on screen for a few seconds.
  await expect(student.getByRole('status').filter({ hasText: /^✓ Read$/ })).toBeVisible({ timeout: 12_000 });
  await student.getByRole('link', { name: '← All lectures' }).click();
  await expect(student.getByRole('link', { name: /Sand play and early measurement/ })).toContainText('Read');
  await expect(student.getByRole('link', { name: /Sand play and early measurement/ })).not.toContainText(
    'Unread',
  );
  await student.context().close();
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a student keeps a lecture and a video on the device, opens both with the network off, and the progress made offline reaches the server later', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await loginAs(page, 'student');
    await waitForServiceWorkerControl(page);
    await page.goto('/lectures');
    await page.locator('.lecture-card').first().click();
    await expect(page.getByTestId('lecture-body')).toBeVisible();
    const lectureUrl = page.url();
    await page.getByRole('button', { name: 'Make available offline' }).click();
    await expect(page.getByRole('status').filter({ hasText: /Available offline · \d/ })).toBeVisible();

    await page.goto('/videos');
    await page
      .getByRole('list', { name: 'All videos' })
      .getByRole('link', { name: /Parten/ })
      .click();
    await expect(player(page)).toBeVisible();
    const videoUrl = page.url();
    const id = Number(/(\d+)$/.exec(new URL(videoUrl).pathname)![1]);
    await page.getByRole('button', { name: 'Make available offline' }).click();
    await expect(page.getByRole('status').filter({ hasText: /Available offline · \d/ })).toBeVisible({
      timeout: 20_000,
    });

    await context.setOffline(true);
    await page.goto(lectureUrl);
    await expect(page.getByTestId('lecture-body')).toBeVisible();
    await page.goto(videoUrl);
    await expect.poll(() => player(page).evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
    await playUntil(page, 2.5);
    const watchedOffline = await currentTime(page);

    // Back online: the outbox delivers what was played offline.
    const delivered = progressSaved(page, id);
    await context.setOffline(false);
    const saved = (await (await delivered).json()) as {
      progress: { position_seconds: number; watched_seconds: number };
    };
    expect(saved.progress.position_seconds).toBeCloseTo(watchedOffline, 0);
    expect(saved.progress.watched_seconds).toBeGreaterThan(1.5);
  });
});
