import { deflateSync, crc32 } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { confirmDialog, loginAs } from './helpers.ts';
import { adminToken, bearer, demoSchoolId, questionCard } from './learning-helpers.ts';

// Question authoring as a person does it: the rich-text editor, an uploaded picture, and errors in words.
// (The question bank is the admin's to edit, spec 2.7; teachers read it.)

/** A real PNG of `width`×`height` in one colour, so the browser can draw it (naturalWidth > 0). */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x5a)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// Without the service worker, so the test can hold the upload back (page.route does not see requests a
// service worker makes).
test.use({ serviceWorkers: 'block' });

const editorOf = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });
const toolbarOf = (page: Page, label: string) => page.getByRole('toolbar', { name: `${label} formatting` });

async function chooseMicroTopic(page: Page): Promise<void> {
  const topic = page.getByRole('combobox', { name: 'Micro topic' });
  await topic.click();
  await topic.press('ArrowDown');
  await topic.press('Enter');
  await expect(page.locator('.field', { has: topic })).not.toContainText('Select');
}

/** A picture has loaded when the browser could decode it. */
async function expectLoadedImage(scope: ReturnType<Page['locator']>, width = 48): Promise<void> {
  const img = scope.locator('img').first();
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(width);
}

test('an author writes a question with bold text and an uploaded picture, and a student sees both', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  await loginAs(page, 'admin');
  await page.goto('/admin/question');
  await expect(page.getByRole('heading', { name: 'New question', level: 1 })).toBeVisible();
  await chooseMicroTopic(page);

  // Bold from the toolbar, the rest typed; the editor is named by its label.
  const stem = editorOf(page, 'Question text');
  await stem.click();
  await page.keyboard.type('Which tray is ');
  await toolbarOf(page, 'Question text').getByRole('button', { name: 'Bold' }).click();
  await expect(toolbarOf(page, 'Question text').getByRole('button', { name: 'Bold' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.keyboard.type('wet');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type(' after water play?');
  await page.keyboard.press('Enter');

  // The picture: chosen from the toolbar, uploaded with its progress shown, put in the text. (Each upload is
  // held back until the test has seen its progress, which a fast local connection would not leave time for.)
  let arrived = 0;
  let released = 0;
  let wake = () => {};
  await page.route(
    (url) => url.pathname === '/api/admin/files',
    async (route) => {
      const turn = arrived++;
      while (released <= turn) await new Promise<void>((resolve) => (wake = resolve));
      await route.continue();
    },
  );
  const release = () => {
    released++;
    wake();
  };
  const chooser = page.waitForEvent('filechooser');
  await toolbarOf(page, 'Question text').getByRole('button', { name: 'Image' }).click();
  const upload = page.waitForResponse(
    (r) => r.url().includes('/api/admin/files') && r.request().method() === 'POST',
  );
  await (await chooser).setFiles({ name: 'Sand tray.png', mimeType: 'image/png', buffer: png(48, 32) });
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /Uploading Sand tray\.png: \d+%/ })
      .getByRole('progressbar'),
  ).toBeVisible();
  release();
  expect((await upload).status()).toBe(201);
  await expectLoadedImage(stem);
  await expect(stem.locator('strong')).toHaveText('wet');

  // Two options are there to fill; nothing else is needed.
  await page.getByLabel('Option 1', { exact: true }).fill('The sand tray');
  await page.getByLabel('Option 2', { exact: true }).fill('The water tray');
  await page.getByLabel('Option 1 is correct').check();
  await page.getByRole('button', { name: 'Add option' }).click(); // a spare row, left blank
  // A picture for the whole question too (the Image field): into the file store, its progress shown.
  const fieldUpload = page.waitForResponse(
    (r) => r.url().includes('/api/admin/files') && r.request().method() === 'POST',
  );
  await page.getByLabel('Image (optional)').setInputFiles({
    name: 'Water tray.png',
    mimeType: 'image/png',
    buffer: png(40, 24),
  });
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /Uploading Water tray\.png: \d+%/ })
      .getByRole('progressbar'),
  ).toBeVisible();
  release();
  expect((await fieldUpload).status()).toBe(201);
  await expectLoadedImage(page.locator('.image-field__current'), 40);
  await page.getByRole('button', { name: 'Save question' }).click();
  await expect(page.getByText('The question was saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/question\/\d+$/);
  const id = Number(/(\d+)$/.exec(new URL(page.url()).pathname)![1]);

  // The preview shows what is stored: bold and the picture.
  const preview = page.getByRole('region', { name: 'Student preview' });
  await expect(preview.locator('strong')).toHaveText('wet');
  await expectLoadedImage(preview);

  // A quiz with this question, and a student taking it.
  const token = await adminToken(request);
  const created = await request.post('/api/admin/assessments', {
    headers: bearer(token),
    data: {
      kind: 'quiz',
      title: `Water play ${Date.now()}`,
      selection: 'fixed',
      question_ids: [id],
      time_limit_minutes: null,
      attempts_allowed: null,
      pass_mark: 60,
      school_ids: [await demoSchoolId(request)],
      published: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const quizId = ((await created.json()) as { assessment: { id: number } }).assessment.id;

  const context = await browser.newContext();
  const student = await context.newPage();
  await loginAs(student, 'student');
  await student.goto(`/quiz/${quizId}`);
  const card = questionCard(student);
  const dialog = confirmDialog(student);
  await expect(card.or(dialog).first()).toBeVisible();
  if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(card).toContainText('Which tray is wet after water play?');
  await expect(card.locator('.question__stem strong')).toHaveText('wet');
  await expectLoadedImage(card.locator('.question__stem'));
  const picture = card.locator('img.question__image');
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
    .toBe(40);
  await context.close();
});

test('a save with nothing filled in names the fields as a person would', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/admin/question');
  await expect(page.getByRole('heading', { name: 'New question', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Save question' }).click();

  const form = page.getByRole('form', { name: 'Question' });
  await expect(form).toContainText('The micro topic field is required.');
  await expect(form).toContainText('The question text is required.');
  await expect(form).toContainText('Give at least two options.');
  await expect(form).not.toContainText(/micro topic id|Too small|expected/);
  await expect(editorOf(page, 'Question text')).toHaveAttribute('aria-invalid', 'true');
});
