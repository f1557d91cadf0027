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

function weigh(distDir: string, file: string): WeighedFile {
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
    .map((file) => weigh(distDir, file));
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
      const own = weigh(distDir, manifest[key].file);
      const added = [...staticClosureKeys(manifest, [key])].filter((k) => !inEntry.has(k));
      // features/<feature>/screens/<screen>.tsx → <feature>/<screen>: two features have a resources-screen.
      const src = /features\/([^/]+)\/screens\/([^/]+)\.tsx$/.exec(manifest[key].src ?? '');
      return {
        name: src ? `${src[1]}/${src[2]}` : (manifest[key].name ?? manifest[key].file),
        file: manifest[key].file,
        gzipBytes: own.gzipBytes,
        brotliBytes: own.brotliBytes,
        withImportsGzipBytes: added.reduce((sum, k) => sum + weigh(distDir, manifest[k].file).gzipBytes, 0),
      };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes || a.name.localeCompare(b.name));
}

export type WebFigure = { value: number; unit: 'B' };

/**
 * The bench's web figures (merged into .tmp/bench/results.json by bench/run.ts). Empty without a build.
 */
export function webFigures(distDir: string = DEFAULT_DIST): Record<string, WebFigure> {
  const login = weighLoginJs(distDir);
  const routes = weighRoutes(distDir);
  if (!login || !routes) return {};
  return {
    'web.login_js_gzip_bytes': { value: login.gzipBytes, unit: 'B' },
    'web.login_js_brotli_bytes': { value: login.brotliBytes, unit: 'B' },
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
export function webWeightReport(distDir: string = DEFAULT_DIST): string {
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
  lines.push(
    login.gzipBytes > LOGIN_JS_BUDGET_GZIP
      ? `warning: /login needs ${kb(login.gzipBytes)} kB gzipped, over its ${kb(LOGIN_JS_BUDGET_GZIP)} kB budget`
      : `/login: ${kb(login.gzipBytes)} kB gzipped (budget ${kb(LOGIN_JS_BUDGET_GZIP)} kB), ${kb(login.brotliBytes)} kB brotli, ${login.files.length} files`,
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
