import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The CSP sources of the inline scripts of a built page: `'sha256-...'` of each <script> without a src, as
 * the browser hashes it (the text between the tags). The build writes one, the start-up prefetch
 * (scripts/vite-start-prefetch.ts).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes ?? '') || !text) continue;
    hashes.push(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...new Set(hashes)];
}

/** The inline scripts' hashes of the built pages the server sends (index.html and login.html, spa.ts). */
export function builtPagesScriptHashes(staticDir: string | undefined): string[] {
  if (staticDir === undefined) return [];
  const pages = ['index.html', 'login.html']
    .map((page) => join(staticDir, page))
    .filter((p) => existsSync(p));
  return [...new Set(pages.flatMap((page) => inlineScriptHashes(readFileSync(page, 'utf8'))))];
}

/**
 * The browser's own defences, on every response (SPA shell, assets, errors; data gets API_SECURITY_HEADERS
 * below). Scripts only from our origin, and inline only those the build wrote, each allowed by its hash
 * (`scriptHashes`): an injected <script> or on* attribute does not run, nor is anything evaluated. Styles keep
 * 'unsafe-inline': react-toastify and react-select (through emotion) insert <style> elements at run time.
 */
export const contentSecurityPolicy = (scriptHashes: readonly string[] = []): string =>
  [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    // data: and blob: for images made in the page, such as a question image read before it is uploaded.
    "img-src 'self' data: blob:",
    "font-src 'self'",
    // Videos kept on YouTube or Vimeo play in their own embedded players (features/content), nothing else frames.
    'frame-src https://www.youtube-nocookie.com https://player.vimeo.com',
    // The media of our own files (signed /api/files URLs) and of videos saved for offline use (blob:).
    "media-src 'self' blob:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');

export const securityHeaders = (scriptHashes: readonly string[] = []) =>
  ({
    'content-security-policy': contentSecurityPolicy(scriptHashes),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
  }) as const;

/**
 * JSON and event streams are never documents: nothing in them may load anything, be framed or be sniffed as
 * something else (OWASP's REST Security Cheat Sheet). The referrer and opener policies only act on documents,
 * so they stay off; the shorter set also spares half a kilobyte on every API reply.
 */
export const API_SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
} as const;

/** A reply that is data, not something a browser renders or runs (a worker script takes its policy too). */
const isData = (contentType: unknown) =>
  typeof contentType === 'string' &&
  (contentType.startsWith('application/json') || contentType.startsWith('text/event-stream'));

/** `scriptHashes`: the inline scripts the pages may run (builtPagesScriptHashes). */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: { scriptHashes?: readonly string[] }) => {
    const documentHeaders = securityHeaders(options.scriptHashes);
    // onSend, not onRequest: it also runs for error replies and 404s. (Replies to URLs the router cannot
    // even decode run no hook at all; errors.ts `frameworkErrors` adds the headers to those itself.)
    // A callback hook: it runs on every reply, and an async one costs a promise and a turn each time.
    app.addHook('onSend', (_request, reply, payload, done) => {
      // A reply that set a policy of its own keeps it: an uploaded file's is stricter still (files.routes.ts).
      const own = reply.getHeader('content-security-policy');
      void reply.headers(isData(reply.getHeader('content-type')) ? API_SECURITY_HEADERS : documentHeaders);
      if (own !== undefined) void reply.header('content-security-policy', own);
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
