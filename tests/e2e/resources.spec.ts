import { expect, test } from '@playwright/test';
import { tinyPdf } from '../../src/server/seed/tiny-pdf.ts';
import { expectPdfDrawn, loginAs } from './helpers.ts';

/** A three-page PDF: a long observation guide, paginated by the writer. */
function guidePdf(title: string): Buffer {
  const paragraph =
    'Watch the child for a few minutes before writing; record what you see and hear, in order, without judging it.';
  return tinyPdf(title, [
    { heading: 'Before you observe', paragraphs: Array.from({ length: 24 }, () => paragraph) },
    { heading: 'After you observe', paragraphs: Array.from({ length: 24 }, () => paragraph) },
  ]);
}

// Without the service worker, so the test can hold the upload back (page.route does not see requests a
// service worker makes: once it controlled the page, the upload went past the hold and the bar was never seen).
test.use({ serviceWorkers: 'block' });

test('an admin uploads a PDF with a progress bar; a student finds it and reads it page by page', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const folderName = `Observation guides ${stamp}`;
  const title = `Playground observation guide ${stamp}`;
  const pdf = guidePdf(title);

  await loginAs(page, 'admin');
  await page.goto('/admin/resources');
  await expect(page.getByRole('main').getByRole('heading', { name: 'Manage Resources' })).toBeVisible();
  await page.getByRole('button', { name: 'New folder' }).click();
  await page.getByLabel('Folder name').fill(folderName);
  await page.getByRole('button', { name: 'Create folder' }).click();
  await expect(page.getByRole('button', { name: `${folderName} (0)` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // The upload is held for a moment on its way, so the bar can be seen (a local upload is instant).
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/admin/files?kind=document', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel(/^File \(PDF/).setInputFiles({
    name: 'playground-observation-guide.pdf',
    mimeType: 'application/pdf',
    buffer: pdf,
  });
  await expect(page.getByLabel('Title')).toHaveValue('playground-observation-guide');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('How to watch and record play outdoors.');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const bar = page.getByRole('progressbar', { name: /Uploading playground-observation-guide\.pdf: \d+%/ });
  await expect(bar).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel upload' })).toBeVisible();
  release();
  await expect(bar).toBeHidden();
  const files = page.getByRole('list', { name: 'Files' });
  await expect(files.getByRole('link', { name: title })).toBeVisible();
  await expect(files).toContainText(/PDF · \d+(\.\d)? KB/);

  // A student of the demo school (the folder is for every school) searches for it and opens it.
  const student = await browser.newContext();
  const phone = await student.newPage();
  await loginAs(phone, 'student');
  // Read on a phone (the login helper expects the desktop sidebar, so the screen shrinks after it).
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto('/resources');
  await phone.getByLabel('Search files').fill(`observation guide ${stamp}`);
  await phone.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(phone).toHaveURL(/\/resources\?search=/);
  const results = phone.getByRole('list', { name: 'Search results' });
  await expect(results).toContainText(folderName);
  await results.getByRole('link', { name: new RegExp(title) }).click();

  await expect(phone).toHaveURL(/\/resources\/file-view\?id=\d+$/);
  await expect(phone.getByRole('heading', { name: title })).toBeVisible();
  await expect(phone.getByText('Page 1 of 3')).toBeVisible();
  await expectPdfDrawn(phone);
  // Fitted to the phone's width, not overflowing it.
  const width = await phone
    .locator('canvas.pdf-viewer__page')
    .evaluate((c) => c.getBoundingClientRect().width);
  expect(width).toBeGreaterThan(250);
  expect(width).toBeLessThanOrEqual(390);
  await phone.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(phone.getByText('Page 2 of 3')).toBeVisible();
  await expect(phone.getByRole('img', { name: `${title}, page 2 of 3` })).toBeVisible();
  await phone.getByRole('button', { name: 'Previous', exact: true }).click();
  await expect(phone.getByText('Page 1 of 3')).toBeVisible();
  await expect(phone.getByRole('link', { name: 'Download' })).toHaveAttribute(
    'href',
    /\/api\/files\/\d+\?expires=\d+&session=\d+&signature=[a-f0-9]{64}$/,
  );
  await student.close();
});
