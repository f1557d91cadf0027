import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import {
  ACCOUNTS,
  DEMO_PASSWORD,
  signInThroughForm,
  onPath,
  sidebar,
  topBar,
  waitForServiceWorkerControl,
} from './helpers.ts';
import {
  adminToken,
  apiLogin,
  bearer,
  registerStudent,
  schoolOfItsOwn,
  takeDiagnosticThroughApi,
} from './learning-helpers.ts';

// Issue 24 item 4: every list a student has opened opens again offline, with what it showed, marked as saved
// earlier: by the menu, by a reload, and after the app's own 5-minute cache has passed (the service worker's
// copy then answers).

/** One list: its menu entry, its path, and the titles it shows. */
interface List {
  name: string;
  path: string;
  titles: (page: Page) => Locator;
}

const LISTS: List[] = [
  { name: 'Videos', path: '/videos', titles: (page) => page.locator('.video-card__title') },
  { name: 'Live Discussions', path: '/live', titles: (page) => page.locator('.live-card__title') },
  { name: 'Lectures', path: '/lectures', titles: (page) => page.locator('.lecture-card__title') },
  { name: 'Resources', path: '/resources', titles: (page) => page.locator('.folder-list__name') },
  { name: 'Quizzes', path: '/quizzes', titles: (page) => page.locator('.assessment__title') },
  // The demo student may have no exam: then what the list showed is its empty state.
  {
    name: 'Exams',
    path: '/exams',
    titles: (page) => page.locator('.assessment__title, .empty-state__title'),
  },
];

/** Moves the app's 5-minute GET cache (IndexedDB `pathbuilder-get-cache`) six minutes into the past. */
async function expireClientCache(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('pathbuilder-get-cache');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('responses')) {
            db.close();
            resolve();
            return;
          }
          const tx = db.transaction('responses', 'readwrite');
          const cursorRequest = tx.objectStore('responses').openCursor();
          cursorRequest.onsuccess = () => {
            const cursor = cursorRequest.result;
            if (!cursor) return;
            const entry = cursor.value as { storedAt: number; producedAt?: number };
            const away = 6 * 60 * 1000;
            cursor.update({
              ...entry,
              storedAt: entry.storedAt - away,
              producedAt: entry.producedAt === undefined ? undefined : entry.producedAt - away,
            });
            cursor.continue();
          };
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

async function openFromMenu(page: Page, list: List): Promise<void> {
  await sidebar(page).getByRole('link', { name: list.name, exact: true }).click();
  await expect(page).toHaveURL(onPath(list.path));
}

const notSavedNotice = (page: Page) => page.getByText('This screen isn’t saved on this device yet');

const savedEarlier = (page: Page) =>
  page.getByRole('status').filter({ hasText: /^Offline, last updated \d{2}:\d{2}$/ });

/** The list shows exactly `titles`, marked as saved earlier, and no "not saved" notice. */
async function expectSavedList(page: Page, list: List, titles: string[], how: string): Promise<void> {
  await expect(list.titles(page), `${list.name} ${how}`).toHaveText(titles);
  await expect(savedEarlier(page), `${list.name} ${how}: marked as saved earlier`).toBeVisible();
  await expect(notSavedNotice(page), `${list.name} ${how}`).toHaveCount(0);
}

test('lists opened online open offline by the menu and by reload, with what they showed, marked as saved earlier', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  // A student of a school of their own: the dashboard reads the quiz and exam lists again after they were
  // shown, and a quiz another spec makes meanwhile for the demo school would rightly be in that newer copy.
  const request = page.request;
  const { schoolName } = await schoolOfItsOwn(
    request,
    bearer(await adminToken(request)),
    'Offline Lists Preschool',
  );
  const password = 'offline-lists-2024';
  const email = await registerStudent(request, { password, schoolName });
  await takeDiagnosticThroughApi(request, await apiLogin(request, email, password));
  await signInThroughForm(page, email, password);
  await waitForServiceWorkerControl(page);

  const shown = new Map<string, string[]>();
  for (const list of LISTS) {
    await openFromMenu(page, list);
    await expect(list.titles(page).first()).toBeVisible();
    shown.set(list.name, await list.titles(page).allTextContents());
    await expect(savedEarlier(page)).toHaveCount(0);
  }
  // A folder of Resources, too.
  await openFromMenu(
    page,
    LISTS.find((list) => list.name === 'Resources')!,
  );
  await page.locator('.folder-list__link').first().click();
  await expect(page).toHaveURL(onPath('/resources/files'));
  const folderUrl = page.url();
  const files = page.locator('.resource-list__title');
  await expect(files.first()).toBeVisible();
  const folderFiles = await files.allTextContents();
  // The learning pathway (no menu entry: the dashboard's and the phone bar's "My path" lead there).
  await page.goto('/learning-pathway');
  const steps = page.locator('.pathway-step__name');
  await expect(steps.first()).toBeVisible();
  const pathwaySteps = await steps.allTextContents();

  // As the student did: a little while on the dashboard, then the connection drops.
  await sidebar(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
  await page.waitForTimeout(10_000);
  await context.setOffline(true);
  await expect(topBar(page).getByRole('status')).toHaveText('Offline');

  for (const list of LISTS) {
    await openFromMenu(page, list);
    await expectSavedList(page, list, shown.get(list.name)!, 'by the menu');
    await page.reload();
    await expectSavedList(page, list, shown.get(list.name)!, 'by reload');
  }
  await page.goto(folderUrl);
  await expect(files).toHaveText(folderFiles);
  await expect(savedEarlier(page)).toBeVisible();
  await page.goto('/learning-pathway');
  await expect(steps).toHaveText(pathwaySteps);
  await expect(savedEarlier(page), 'the pathway: marked as saved earlier').toBeVisible();
  await expect(notSavedNotice(page)).toHaveCount(0);

  // Days later, as it were: the app's own 5-minute cache is past; the service worker's copies answer.
  await expireClientCache(page);
  for (const list of LISTS) {
    await page.goto(list.path);
    await expectSavedList(page, list, shown.get(list.name)!, 'past the 5-minute cache');
  }
  await context.setOffline(false);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a video made available offline carries a badge in its list, is listed under Saved on this device, and “← All videos” opens offline', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    // The sidebar starts closed on a phone: signed in through the form, not loginAs (which reads the menu).
    await signInThroughForm(page, ACCOUNTS.student, DEMO_PASSWORD);
    await waitForServiceWorkerControl(page);

    await page.goto('/videos');
    // A video played here (not on another site) can be kept on the device.
    const card = page
      .locator('.video-card')
      .filter({ hasNot: page.getByText('On another site') })
      .first();
    const title = (await card.locator('.video-card__title').textContent()) ?? '';
    expect(title).not.toBe('');
    const badge = (scope: Locator) => scope.locator('.badge').filter({ hasText: 'Available offline' });
    await expect(badge(page.locator('.videos__list'))).toHaveCount(0);
    const titles = await page.locator('.video-card__title').allTextContents();

    await card.tap();
    await expect(page).toHaveURL((url) => url.pathname.startsWith('/video/'));
    const videoPath = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Make available offline' }).tap();
    await expect(page.getByRole('status').filter({ hasText: 'Available offline' })).toHaveText(
      /^✓ Available offline · \d+(\.\d)? [KMG]?B$/,
      { timeout: 30_000 },
    );

    // Its list badges it, and only it.
    await page.getByRole('link', { name: '← All videos' }).tap();
    await expect(page).toHaveURL(onPath('/videos'));
    const savedCard = page.locator('.video-card').filter({ hasText: title });
    await expect(badge(savedCard)).toHaveText('✓ Available offline');
    await expect(badge(page.locator('.videos__list'))).toHaveCount(1);

    // Offline, days later as it were: the saved video opens, and its way back to the list works.
    await expireClientCache(page);
    await context.setOffline(true);
    await page.goto(videoPath);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await page.getByRole('link', { name: '← All videos' }).tap();
    await expect(page).toHaveURL(onPath('/videos'));
    await expect(page.locator('.video-card__title')).toHaveText(titles);
    await expect(savedEarlier(page)).toBeVisible();
    await expect(notSavedNotice(page)).toHaveCount(0);
    await expect(badge(savedCard)).toBeVisible();

    // The top bar's "Offline" leads to what this device keeps: the video, with its size and a way to remove it.
    await topBar(page).getByRole('status').getByRole('link').tap();
    await expect(page).toHaveURL(
      (url) => url.pathname === '/settings' && url.hash === '#saved-on-this-device',
    );
    const saved = page.getByRole('region', { name: 'Saved on this device' });
    await expect(saved).toBeInViewport();
    const row = saved.getByRole('listitem').filter({ hasText: title });
    await expect(row).toContainText(/Video · \d+(\.\d)? [KMG]?B · saved/);
    await expect(row.getByRole('button', { name: `Remove ${title}` })).toBeVisible();

    // A screen never opened here says it is not saved, and leads to the same list.
    await page.goto('/profile-record');
    await expect(notSavedNotice(page)).toBeVisible();
    await page.getByRole('alert').getByRole('link', { name: 'Saved on this device' }).tap();
    await expect(saved.getByRole('listitem').filter({ hasText: title })).toBeVisible();

    // Removed there, it is no longer badged in its list.
    await context.setOffline(false);
    await saved.getByRole('button', { name: `Remove ${title}` }).tap();
    await expect(saved).toContainText('Nothing is saved on this device yet.');
    await page.goto('/videos');
    await expect(page.locator('.video-card__title').first()).toBeVisible();
    await expect(badge(page.locator('.videos__list'))).toHaveCount(0);
  });
});
