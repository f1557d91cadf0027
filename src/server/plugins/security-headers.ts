import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The browser's own defences, on every response (SPA shell, assets, errors; data gets API_SECURITY_HEADERS
 * below). Scripts only from our origin, never inline or evaluated: an injected <script> or on* attribute does
 * not run. Styles keep 'unsafe-inline': react-toastify and react-select (through emotion) insert <style>
 * elements at run time.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
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

export const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
} as const;

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

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    // onSend, not onRequest: it also runs for error replies and 404s. (Replies to URLs the router cannot
    // even decode run no hook at all; errors.ts `frameworkErrors` adds the headers to those itself.)
    // A callback hook: it runs on every reply, and an async one costs a promise and a turn each time.
    app.addHook('onSend', (_request, reply, payload, done) => {
      // A reply that set a policy of its own keeps it: an uploaded file's is stricter still (files.routes.ts).
      const own = reply.getHeader('content-security-policy');
      void reply.headers(isData(reply.getHeader('content-type')) ? API_SECURITY_HEADERS : SECURITY_HEADERS);
      if (own !== undefined) void reply.header('content-security-policy', own);
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
