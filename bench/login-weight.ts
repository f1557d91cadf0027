// Weighs the JavaScript a browser must download to render /login: the entry script and its
// modulepreloads from dist/index.html, plus the login screen's lazily loaded chunk and its static
// imports, read from Vite's build manifest (vite.config.ts sets build.manifest). Also weighs every
// route's own chunk, and what a route adds on top of the entry. Sizes are those the server sends:
// gzip (level 9) and brotli (best), as scripts/vite-precompress.ts writes them.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const LOGIN_SCREEN_MODULE = 'src/client/features/auth/screens/login-screen.tsx';
/** Budgets, in bytes as Vite prints them (1 kB = 1000 B). */
export const LOGIN_JS_BUDGET_GZIP = 110_000;
export const ROUTE_CHUNK_BUDGET_GZIP = 50_000;

const DEFAULT_DIST = join(import.meta.dirname, '..', 'dist');

type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
};
type ViteManifest = Record<string, ManifestChunk>;

export type WeighedFile = { file: string; bytes: number; gzipBytes: number; brotliBytes: number };
export type LoginWeight = {
  files: WeighedFile[];
  bytes: number;
  gzipBytes: number;
  brotliBytes: number;
  loginChunkFound: boolean;
};
export type RouteWeight = {
  /** The screen: `<feature>/<screen module>`, or the chunk's name. */
  name: string;
  file: string;
  gzipBytes: number;
  brotliBytes: number;
  /** The chunk and its static imports that the entry does not already bring: what opening the route costs. */
  withImportsGzipBytes: number;
};

function scriptsOfIndexHtml(html: string): string[] {
  const files: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isModuleScript = tag.startsWith('<script') && /type="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /rel="modulepreload"/.test(tag);
    const url = /(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if ((isModuleScript || isPreload) && url && !/^https?:/.test(url)) files.push(url.replace(/^\//, ''));
  }
  return files;
}

function staticClosureKeys(manifest: ViteManifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

const weighedCache = new Map<string, WeighedFile>();

/** One file of the build as the server sends it: its bytes, gzip (level 9) and brotli (best). */
export function weighFile(distDir: string, file: string): WeighedFile {
  const path = join(distDir, file);
  const cached = weighedCache.get(path);
  if (cached) return cached;
  const content = readFileSync(path);
  const weighed = {
    file,
    bytes: content.length,
    gzipBytes: gzipSync(content, { level: 9 }).length,
    brotliBytes: brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }).length,
  };
  weighedCache.set(path, weighed);
  return weighed;
}

function readManifest(distDir: string): ViteManifest | null {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(join(distDir, 'index.html')) || !existsSync(manifestPath)) return null;
  return JSON.parse(readFileSync(manifestPath, 'utf8')) as ViteManifest;
}

const entryKeys = (manifest: ViteManifest) => Object.keys(manifest).filter((key) => manifest[key].isEntry);

/** Null when there is no build to weigh. */
export function weighLoginJs(distDir: string = DEFAULT_DIST): LoginWeight | null {
  const manifest = readManifest(distDir);
  if (!manifest) return null;
  const loginChunkFound = LOGIN_SCREEN_MODULE in manifest;
  const closure = staticClosureKeys(manifest, [...entryKeys(manifest), LOGIN_SCREEN_MODULE]);
  const files = new Set([
    ...scriptsOfIndexHtml(readFileSync(join(distDir, 'index.html'), 'utf8')),
    ...[...closure].map((key) => manifest[key].file),
  ]);
  const weighed = [...files]
    .filter((file) => file.endsWith('.js'))
    .sort()
    .map((file) => weighFile(distDir, file));
  return {
    files: weighed,
    bytes: weighed.reduce((sum, f) => sum + f.bytes, 0),
    gzipBytes: weighed.reduce((sum, f) => sum + f.gzipBytes, 0),
    brotliBytes: weighed.reduce((sum, f) => sum + f.brotliBytes, 0),
    loginChunkFound,
  };
}

/** Every lazily loaded screen of routes.tsx, heaviest chunk first. Null when there is no build. */
export function weighRoutes(distDir: string = DEFAULT_DIST): RouteWeight[] | null {
  const manifest = readManifest(distDir);
  if (!manifest) return null;
  const inEntry = staticClosureKeys(manifest, entryKeys(manifest));
  const isRoute = (chunk: ManifestChunk) =>
    chunk.isDynamicEntry === true &&
    (/\/screens\//.test(chunk.src ?? '') || /-screen$/.test(chunk.name ?? ''));
  return Object.keys(manifest)
    .filter((key) => isRoute(manifest[key]))
    .map((key) => {
      const own = weighFile(distDir, manifest[key].file);
      const added = [...staticClosureKeys(manifest, [key])].filter((k) => !inEntry.has(k));
      // features/<feature>/screens/<screen>.tsx → <feature>/<screen>: two features have a resources-screen.
      const src = /features\/([^/]+)\/screens\/([^/]+)\.tsx$/.exec(manifest[key].src ?? '');
      return {
        name: src ? `${src[1]}/${src[2]}` : (manifest[key].name ?? manifest[key].file),
        file: manifest[key].file,
        gzipBytes: own.gzipBytes,
        brotliBytes: own.brotliBytes,
        withImportsGzipBytes: added.reduce(
          (sum, k) => sum + weighFile(distDir, manifest[k].file).gzipBytes,
          0,
        ),
      };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes || a.name.localeCompare(b.name));
}

export type WebFigure = { value: number; unit: 'B' };

/**
 * The bench's web figures (merged into .tmp/bench/results.json by bench/run.ts). Empty without a build.
 * `browser`: what Chromium fetched before the form was usable (login-browser.ts), the goal's count; without
 * it, the manifest's count stands in.
 */
export function webFigures(
  distDir: string = DEFAULT_DIST,
  browser?: { gzipBytes: number; brotliBytes: number },
): Record<string, WebFigure> {
  const login = weighLoginJs(distDir);
  const routes = weighRoutes(distDir);
  if (!login || !routes) return {};
  return {
    'web.login_js_gzip_bytes': { value: (browser ?? login).gzipBytes, unit: 'B' },
    'web.login_js_brotli_bytes': { value: (browser ?? login).brotliBytes, unit: 'B' },
    'web.login_js_manifest_gzip_bytes': { value: login.gzipBytes, unit: 'B' },
    'web.largest_route_chunk_gzip_bytes': {
      value: Math.max(0, ...routes.map((r) => r.gzipBytes)),
      unit: 'B',
    },
  };
}

const n = (bytes: number) => bytes.toLocaleString('en-US');
const kb = (bytes: number) => (bytes / 1000).toFixed(1);

function table(rows: string[][]): string {
  const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => row[col].length)));
  return rows
    .map((row) =>
      row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]) : cell.padStart(widths[col]))).join('   '),
    )
    .join('\n');
}

/** The bench's web section: the /login JS file by file, and the per-route table with its budget check. */
export type BrowserCount = {
  files: WeighedFile[];
  gzipBytes: number;
  brotliBytes: number;
  after: string[];
  usableMs: number[];
};

/**
 * `browser`: what Chromium fetched before the Login button was enabled (login-browser.ts); the budget is
 * checked against it when given, else against the manifest's count.
 */
export function webWeightReport(distDir: string = DEFAULT_DIST, browser?: BrowserCount): string {
  const login = weighLoginJs(distDir);
  const routes = weighRoutes(distDir);
  if (!login || !routes)
    return 'JavaScript needed to render /login\nno build in dist/ (run `npm run build` first)';
  const lines = [
    'JavaScript needed to render /login',
    table([
      ['file', 'bytes', 'gzip bytes', 'brotli bytes'],
      ...login.files.map((f) => [f.file, n(f.bytes), n(f.gzipBytes), n(f.brotliBytes)]),
      [`total (${login.files.length} files)`, n(login.bytes), n(login.gzipBytes), n(login.brotliBytes)],
    ]),
  ];
  if (!login.loginChunkFound) lines.push(`warning: ${LOGIN_SCREEN_MODULE} is not in the build manifest`);
  if (browser) {
    lines.push(
      '',
      `JavaScript a browser fetched for /login before the Login button was enabled (Chromium, full speed and 4x CPU; Login enabled at ${browser.usableMs.map((ms) => `${ms} ms`).join(' and ')})`,
      table([
        ['file', 'bytes', 'gzip bytes', 'brotli bytes'],
        ...browser.files.map((f) => [f.file, n(f.bytes), n(f.gzipBytes), n(f.brotliBytes)]),
        [
          `total (${browser.files.length} files)`,
          n(browser.files.reduce((sum, f) => sum + f.bytes, 0)),
          n(browser.gzipBytes),
          n(browser.brotliBytes),
        ],
      ]),
      `fetched after the form was usable: ${browser.after.length ? browser.after.join(', ') : 'nothing'}`,
    );
  }
  const counted = browser ?? login;
  const how = browser ? 'fetched by a browser before the form is usable' : 'by the manifest';
  lines.push(
    counted.gzipBytes > LOGIN_JS_BUDGET_GZIP
      ? `warning: /login needs ${kb(counted.gzipBytes)} kB gzipped (${how}), over its ${kb(LOGIN_JS_BUDGET_GZIP)} kB budget`
      : `/login: ${kb(counted.gzipBytes)} kB gzipped ${how} (budget ${kb(LOGIN_JS_BUDGET_GZIP)} kB), ${kb(counted.brotliBytes)} kB brotli, ${counted.files.length} files; the manifest's count: ${kb(login.gzipBytes)} kB`,
  );
  lines.push(
    '',
    `Route chunks (${routes.length} lazily loaded screens; "with imports": what the route adds to the entry)`,
    table([
      ['route chunk', 'gzip kB', 'brotli kB', 'with imports gzip kB'],
      ...routes.map((r) => [r.name, kb(r.gzipBytes), kb(r.brotliBytes), kb(r.withImportsGzipBytes)]),
    ]),
  );
  const over = routes.filter((r) => r.gzipBytes > ROUTE_CHUNK_BUDGET_GZIP);
  lines.push(
    over.length
      ? `warning: route chunks over ${kb(ROUTE_CHUNK_BUDGET_GZIP)} kB gzipped: ${over.map((r) => `${r.name} (${kb(r.gzipBytes)} kB)`).join(', ')}`
      : `every route chunk is within ${kb(ROUTE_CHUNK_BUDGET_GZIP)} kB gzipped (largest: ${routes[0] ? `${routes[0].name}, ${kb(routes[0].gzipBytes)} kB` : 'none'})`,
  );
  return lines.join('\n');
}

// `node bench/login-weight.ts`: this report alone, with the browser's count (BENCH_DIST picks another build),
// and its figures merged into .tmp/bench/results.json.
if (import.meta.main) {
  const { weighLoginInBrowser } = await import('./login-browser.ts');
  const { saveRunFigures } = await import('./results.ts');
  const distDir = join(import.meta.dirname, '..', process.env.BENCH_DIST ?? 'dist');
  if (!readManifest(distDir)) {
    console.error(`no build in ${distDir} (run \`npm run build\` first)`);
    process.exit(1);
  }
  const browser = await weighLoginInBrowser(distDir, weighFile);
  console.log(webWeightReport(distDir, browser));
  saveRunFigures(webFigures(distDir, browser));
}
