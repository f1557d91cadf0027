// What a browser fetches for /login before the form can be sent: Chromium opens /login on our server (serving
// the build, as in production) and lists every script whose request started before the Login button was
// enabled (the page's own resource timings against the moment the button lost `disabled`). Each is weighed
// from the build's files as the server sends it (gzip level 9, as login-weight.ts weighs them). Two loads:
// one at full speed and one with the CPU slowed 4x (a phone), where start-up work lands in other places; the
// heavier of the two counts. The manifest's count (login-weight.ts) says what the page needs; this one says
// what it gets, including what start-up code imports on its own.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { startServer } from './processes.ts';

/** A file of the build as the server sends it (login-weight.ts weighFile, passed in: that module runs this one). */
type WeighedFile = { file: string; bytes: number; gzipBytes: number; brotliBytes: number };
type Weigh = (distDir: string, file: string) => WeighedFile;

const ROOT = join(import.meta.dirname, '..');
const DEFAULT_PORT = Number(process.env.BENCH_LOGIN_PORT ?? 4289);
/** Slowed like Lighthouse's mobile preset; the network is this machine's loopback. */
const CPU_SLOWDOWNS = [1, 4] as const;

/**
 * files: the heavier load's scripts fetched before the button was enabled; after: scripts fetched later
 * (start-up work that waited), for the report; usableMs: navigation to the button enabled, per load.
 */
export type BrowserLoginWeight = {
  files: WeighedFile[];
  gzipBytes: number;
  brotliBytes: number;
  after: string[];
  usableMs: number[];
};

type Load = { before: string[]; after: string[]; usableMs: number };

// In-page code, as text: this file is type-checked for Node (tsconfig.server.json), without the DOM's types.
// Runs before the page's own scripts: notes when the Login button stops being disabled.
const WATCH_LOGIN_BUTTON = `(() => {
  const check = () => {
    const button = document.querySelector('button[type="submit"]');
    if (window.__loginUsableAt === undefined && button && !button.hasAttribute('disabled'))
      window.__loginUsableAt = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
})()`;
// The moment the button was enabled and every script's request start (the page's own resource timings).
const READ_SCRIPTS = `({
  usableAt: window.__loginUsableAt,
  scripts: performance
    .getEntriesByType('resource')
    .filter((e) => /\\.m?js(\\?|$)/.test(new URL(e.name).pathname))
    .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime })),
})`;

async function loadLogin(baseUrl: string, cpuSlowdown: number): Promise<Load> {
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS.filter((flag) => flag !== '--headless'),
  });
  try {
    const page = await browser.newPage();
    if (cpuSlowdown > 1) await page.emulateCPUThrottling(cpuSlowdown);
    await page.evaluateOnNewDocument(WATCH_LOGIN_BUTTON);
    await page.goto(`${baseUrl}/login`);
    await page.waitForFunction('window.__loginUsableAt !== undefined', { timeout: 60_000 });
    // What start-up work fetches after the form is usable, to list it too.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const { usableAt, scripts } = (await page.evaluate(READ_SCRIPTS)) as {
      usableAt: number;
      scripts: Array<{ path: string; start: number }>;
    };
    const file = (path: string) => path.replace(/^\//, '');
    return {
      before: scripts.filter((s) => s.start < usableAt).map((s) => file(s.path)),
      after: scripts.filter((s) => s.start >= usableAt).map((s) => file(s.path)),
      usableMs: Math.round(usableAt),
    };
  } finally {
    await browser.close();
  }
}

/** Serves `distDir` with our server on `port` and loads /login in Chromium (see the top of this file). */
export async function weighLoginInBrowser(
  distDir: string,
  weighFile: Weigh,
  port: number = DEFAULT_PORT,
): Promise<BrowserLoginWeight> {
  const dataDir = join(ROOT, '.tmp', `bench-login-data-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  const server = await startServer(
    'our server (/login)',
    join(ROOT, 'src/server/main.ts'),
    port,
    '/api/health',
    {
      DATA_DIR: dataDir,
      SEED: 'none',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      STATIC_DIR: distDir,
    },
  );
  try {
    const loads: Load[] = [];
    for (const slowdown of CPU_SLOWDOWNS) loads.push(await loadLogin(server.baseUrl, slowdown));
    const weighed = loads.map((load) => [...new Set(load.before)].sort().map((f) => weighFile(distDir, f)));
    const total = (files: WeighedFile[]) => files.reduce((sum, f) => sum + f.gzipBytes, 0);
    const heaviest = weighed.reduce((a, b) => (total(b) > total(a) ? b : a));
    return {
      files: heaviest,
      gzipBytes: total(heaviest),
      brotliBytes: heaviest.reduce((sum, f) => sum + f.brotliBytes, 0),
      after: [...new Set(loads.flatMap((l) => l.after))].filter((f) => !heaviest.some((w) => w.file === f)),
      usableMs: loads.map((l) => l.usableMs),
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
