import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { expectPdfDrawn, fillLoginForm } from './helpers.ts';
import {
  adminToken,
  apiLogin,
  bearer,
  registerStudent,
  takeDiagnosticThroughApi,
} from './learning-helpers.ts';

// Visual baseline (issue 24): the PDF viewer on a phone, the page fitted to the screen's width. Stabilised as
// screenshots.spec.ts is: a student of a school of their own, the demo's own PDF (made by the seed, the same
// bytes every run), dates and times masked, toasts and the install offer hidden (screenshot.css). A later
// change of look fails the comparison; `npx playwright test screenshots-phone-pdf --update-snapshots` takes a
// new one on purpose.

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

const PDF_TITLE = 'Play-based learning: a practical overview';

/** What changes from run to run: dates and times. */
const moving = (page: Page) => [page.getByText(/\b\d{1,2}:\d{2}\b/), page.getByText(/\b20\d\d\b/)];

test('the PDF viewer looks as it did (phone)', async ({ page }) => {
  test.setTimeout(90_000);
  const request = page.request;
  const headers = bearer(await adminToken(request));
  const { data: locations } = (await (await request.get('/api/lookups/locations')).json()) as {
    data: { id: number }[];
  };
  // A retry makes its own school (names are unique); nothing of it shows on the screen.
  const retry = test.info().retry;
  const schoolName = `Screenshot PDF Nursery${retry ? ` (retry ${retry})` : ''}`;
  const school = await request.post('/api/admin/schools', {
    headers,
    data: { name: schoolName, location_id: locations[0]!.id },
  });
  expect(school.status(), await school.text()).toBeLessThan(300);
  const password = 'screens-pdf-learner-2026';
  const email = await registerStudent(request, { password, schoolName });
  const token = await apiLogin(request, email, password);
  await takeDiagnosticThroughApi(request, token);
  const found = await request.get(`/api/resources/files?search=${encodeURIComponent('Play-based')}`, {
    headers: bearer(token),
  });
  const { data } = (await found.json()) as { data: { id: number; title: string }[] };
  const resource = data.find((r) => r.title === PDF_TITLE)!;

  await page.goto('/login');
  await fillLoginForm(page, email, password);
  await expect(page).toHaveURL((url) => url.pathname !== '/login');
  await page.goto(`/resources/file-view?id=${resource.id}`);
  await expect(page.getByRole('heading', { level: 1, name: PDF_TITLE })).toBeVisible();
  await expectPdfDrawn(page);
  // Lazy chunks, fonts and the last request settle first.
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveScreenshot('pdf-viewer-phone.png', {
    fullPage: false,
    mask: moving(page),
    animations: 'disabled',
    caret: 'hide',
    stylePath: 'tests/e2e/screenshot.css',
    // Anti-aliasing may differ by a few pixels; a changed layout moves far more.
    maxDiffPixelRatio: 0.01,
  });
});
