import { PAINTED_USER_ATTRIBUTE, STAMP_MARK } from '../src/shared/painted-dashboard.ts';
import type { PaintedDashboard } from '../src/shared/painted-dashboard.ts';
import { refreshingStampText } from '../src/shared/stamp-text.ts';

// The page the worker answers / with when a dashboard is painted (sw/painted-dashboard.ts): pure, so tests
// run it as the worker does.

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * index.html with `painted` in its #root (the held stamp saying how old it is, as of `now`) and the
 * stylesheets of the dashboard and the signed-in layout linked in its head, so it paints styled at once.
 * Null when index.html is not the shape the build makes (the plain index.html is then served as before).
 */
export function paintedIndexHtml(
  indexHtml: string,
  painted: PaintedDashboard,
  now: number = Date.now(),
): string | null {
  // The start-up prefetch's inline script waits until this page has painted (src/client/start-prefetch.ts):
  // an attribute, so the script's text, and the hash the Content-Security-Policy allows it by, stay the same.
  const page = indexHtml.replace('<script data-dashboard-js=', '<script data-after-paint data-dashboard-js=');
  const root = '<div id="root"></div>';
  const at = page.indexOf(root);
  const head = page.indexOf('</head>');
  if (at < 0 || head < 0 || head > at) return null;
  // The stylesheets start-prefetch.ts would preload for the dashboard (vite-start-prefetch.ts lists them).
  const listed = /\sdata-dashboard-css="([^"]*)"/.exec(page)?.[1] ?? '';
  const links = listed
    .split(' ')
    .filter((href) => /^\/[\w./-]+\.css$/.test(href))
    .map((href) => `<link rel="stylesheet" crossorigin href="${href}">`)
    .join('');
  const stamp = escapeText(refreshingStampText(painted.updatedAt ?? undefined, now));
  const body = painted.html.replace(STAMP_MARK, stamp);
  return (
    page.slice(0, head) +
    links +
    page.slice(head, at) +
    `<div id="root" ${PAINTED_USER_ATTRIBUTE}="${painted.userId}">${body}</div>` +
    page.slice(at + root.length)
  );
}
