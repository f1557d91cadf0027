import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import {
  ACCOUNTS,
  DEMO_PASSWORD,
  expectPdfDrawn,
  loginAs,
  loginWith,
  logoutThroughSidebar,
  waitForServiceWorkerControl,
} from './helpers.ts';
import { adminToken, bearer } from './learning-helpers.ts';

/**
 * A two-page PDF whose pages differ in shape (portrait, then landscape), so the page drawn on screen can be
 * told apart by its canvas alone.
 */
function twoPagePdf(): Buffer {
  const drawing = '0 0.4 0.3 rg 20 20 120 120 re f';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Contents 5 0 R >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 5 0 R >>',
    `<< /Length ${drawing.length} >>\nstream\n${drawing}\nendstream`,
  ];
  let text = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(text));
    text += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(text);
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) text += `${String(offset).padStart(10, '0')} 00000 n \n`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

/** An admin puts the PDF in a folder every school sees; returns the resource id. */
async function publishPdf(request: APIRequestContext, title: string): Promise<number> {
  const token = await adminToken(request);
  const upload = await request.post('/api/admin/files?kind=document', {
    headers: bearer(token),
    multipart: { file: { name: 'two-pages.pdf', mimeType: 'application/pdf', buffer: twoPagePdf() } },
  });
  expect(upload.status(), await upload.text()).toBeLessThan(300);
  const { file } = (await upload.json()) as { file: { id: number } };
  const folder = await request.post('/api/admin/resources/folders', {
    headers: bearer(token),
    data: { name: `Offline reading ${Date.now()}` },
  });
  expect(folder.status(), await folder.text()).toBeLessThan(300);
  const { folder: created } = (await folder.json()) as { folder: { id: number } };
  const resource = await request.post('/api/admin/resources', {
    headers: bearer(token),
    data: { folder_id: created.id, file_id: file.id, title },
  });
  expect(resource.status(), await resource.text()).toBeLessThan(300);
  return ((await resource.json()) as { resource: { id: number } }).resource.id;
}

/** Serious or critical WCAG 2.1 AA findings of axe inside `scope`. */
async function axeFindings(page: Page, scope: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include(scope)
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Width over height of the page drawn on screen. */
const pageShape = (page: Page) =>
  page
    .locator('canvas.pdf-viewer__page')
    .evaluate((canvas: HTMLCanvasElement) => canvas.width / canvas.height);

/**
 * Forgets every other way the app could answer offline (the 5-minute GET cache, the worker's API cache), so
 * what opens below can only come from the saved copy — as it would days later.
 */
async function forgetOrdinaryCaches(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await caches.delete('pathbuilder-api');
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open('pathbuilder-get-cache');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('responses')) return resolve();
        const clearing = db.transaction('responses', 'readwrite').objectStore('responses').clear();
        clearing.onsuccess = () => resolve();
        clearing.onerror = () => reject(clearing.error);
      };
    });
  });
}

test('a student keeps a PDF available offline and reads it page by page with the network off', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const title = `Observation notes ${Date.now()}`;
  const id = await publishPdf(request, title);
  await loginAs(page, 'student');
  await waitForServiceWorkerControl(page);
  // On a phone.
  await page.setViewportSize({ width: 390, height: 844 });

  await page.goto(`/resources/file-view?id=${id}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await page.getByRole('button', { name: 'Make available offline' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Available offline' })).toHaveText(
    /^✓ Available offline · \d+(\.\d)? K?B$/,
  );

  expect(await axeFindings(page, '.offline-button')).toEqual([]);

  // Settings → Saved on this device lists it with its size, the total and the browser's quota.
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Saved on this device' });
  const row = card.getByRole('listitem').filter({ hasText: title });
  await expect(row).toContainText(/File · \d+(\.\d)? K?B · saved/);
  await expect(card).toContainText(
    /Using \d+(\.\d)? K?B of about \d+(\.\d)? [MGT]B available on this device\./,
  );
  await expect(row.getByRole('link', { name: `Open ${title}` })).toHaveAttribute(
    'href',
    `/resources/file-view?id=${id}`,
  );

  expect(await axeFindings(page, '.offline-content')).toEqual([]);

  await forgetOrdinaryCaches(page);
  await context.setOffline(true);
  await row.getByRole('link', { name: `Open ${title}` }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/resources/file-view');
  await page.reload();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expectPdfDrawn(page);
  expect(await pageShape(page)).toBeLessThan(1);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expectPdfDrawn(page);
  expect(await pageShape(page)).toBeGreaterThan(1);
  await context.setOffline(false);

  // The sidebar (and its Logout) is open from 992 px.
  await page.setViewportSize({ width: 1280, height: 800 });

  // Someone else on the same device: not listed for them, and not served to them even offline. (A link
  // with another signature: the browser's HTTP cache keeps the exact link it fetched, whoever asks.)
  const fileUrl = await page.evaluate(async (resourceId) => {
    const token = sessionStorage.getItem('auth_token') ?? '';
    const answer = await fetch(`/api/resources/files/${resourceId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const url = ((await answer.json()) as { resource: { file: { url: string } } }).resource.file.url;
    return `${new URL(url, window.location.origin).pathname}?expires=1&signature=another`;
  }, id);
  const fetchOffline = async () => {
    await context.setOffline(true);
    const answer = await page.evaluate(
      (url) =>
        fetch(url).then(
          async (response) => `${response.status} ${(await response.arrayBuffer()).byteLength} bytes`,
          () => 'not served',
        ),
      fileUrl,
    );
    await context.setOffline(false);
    return answer;
  };
  await logoutThroughSidebar(page);
  await loginWith(page, ACCOUNTS.newStudent, DEMO_PASSWORD);
  await page.goto('/settings');
  await expect(page.getByRole('region', { name: 'Saved on this device' })).toContainText(
    'Nothing is saved on this device yet.',
  );
  expect(await fetchOffline()).toBe('not served');

  // Its owner signs in again: still theirs, listed and served.
  await logoutThroughSidebar(page);
  await loginAs(page, 'student');
  await page.goto('/settings');
  await expect(
    page.getByRole('region', { name: 'Saved on this device' }).getByRole('listitem'),
  ).toContainText(title);
  expect(await fetchOffline()).toBe(`200 ${twoPagePdf().length} bytes`);
  // A video seeks with Range requests: the worker answers them from the saved whole file.
  await context.setOffline(true);
  const part = await page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { Range: 'bytes=5-7' } });
    return `${response.status} ${response.headers.get('Content-Range')} ${await response.text()}`;
  }, fileUrl);
  await context.setOffline(false);
  expect(part).toBe(`206 bytes 5-7/${twoPagePdf().length} 1.4`);
});
