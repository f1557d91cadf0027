import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { loginAs } from './helpers.ts';

const POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "img-src 'self' data: blob:",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
];

function expectSecurityHeaders(headers: Record<string, string>): void {
  const csp = headers['content-security-policy'] ?? '';
  for (const directive of POLICY) expect(csp, 'Content-Security-Policy').toContain(directive);
  // No inline or evaluated script, whatever else the policy allows.
  const scripts = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  expect(scripts).not.toContain('unsafe-inline');
  expect(scripts).not.toContain('unsafe-eval');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
}

/** Records every CSP violation, uncaught error and console error the page reports from now on. */
async function watchForViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation: (text: string) => void }).reportViolation;
      report(
        `CSP ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  page.on('pageerror', (error) => seen.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.text().includes('Content Security Policy'))
      seen.push(`console ${message.type()}: ${message.text()}`);
  });
  return seen;
}

/** Opens a screen the way a user does (a fresh load) and waits until it has drawn and its calls are done. */
async function visit(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveTitle(`${title} | Pathbuilder`);
  await page.waitForLoadState('networkidle');
}

test('the SPA shell and the API answer with the security headers', async ({ page, request }) => {
  const shell = await page.goto('/login');
  expect(shell?.status()).toBe(200);
  expectSecurityHeaders(shell!.headers());
  // Data, not a document: a policy under which nothing loads, the frame and sniffing bans as well.
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(health.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(health.headers()['x-content-type-options']).toBe('nosniff');
  expect(health.headers()['x-frame-options']).toBe('DENY');
  // The service worker's script is run, and its response's policy governs the worker: the full one.
  expectSecurityHeaders((await request.get('/sw.js')).headers());
});

test('the only inline script the pages run is the one the build wrote, allowed by its own hash', async ({
  request,
}) => {
  for (const path of ['/', '/login', '/quizzes']) {
    const page = await request.get(path);
    expect(page.status(), path).toBe(200);
    const html = await page.text();
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter(([, attributes]) => !/\bsrc=/.test(attributes!))
      .map(([, , text]) => text!);
    // The start-up prefetch (scripts/vite-start-prefetch.ts): the dashboard's reads leave with the HTML.
    expect(inline, path).toHaveLength(1);
    const hash = `'sha256-${createHash('sha256').update(inline[0]!).digest('base64')}'`;
    const scripts = /script-src ([^;]*)/.exec(page.headers()['content-security-policy'] ?? '')?.[1];
    // Exactly our origin and that script's hash: a changed script, or any other inline one, would not run.
    expect(scripts, path).toBe(`'self' ${hash}`);
  }
});

test('a student goes through their screens without a single policy violation', async ({ page }) => {
  const violations = await watchForViolations(page);
  await loginAs(page, 'student');
  await visit(page, '/', 'Dashboard');
  await visit(page, '/quizzes', 'Quizzes');
  await visit(page, '/test-your-self', 'Test Yourself');
  await visit(page, '/settings', 'Settings');
  expect(violations).toEqual([]);
});

test('an admin goes through the back office without a single policy violation', async ({ page }) => {
  const violations = await watchForViolations(page);
  await loginAs(page, 'admin');
  await visit(page, '/admin/knowledge-graph', 'Manage Knowledge Graph');
  await visit(page, '/admin/questions', 'Manage Questions');
  await visit(page, '/admin/question', 'Question');
  // The editor's dropdowns (react-select) style themselves with injected <style> elements: open one.
  await page.getByRole('combobox').first().click();
  await visit(page, '/admin/quizzes', 'Manage Quizzes');
  expect(violations).toEqual([]);
});
