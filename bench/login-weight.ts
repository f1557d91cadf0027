// Weighs the JavaScript a browser must download to render /login: the entry script and its
// modulepreloads from dist/index.html, plus the login screen's lazily loaded chunk and its static
// imports, read from Vite's build manifest (vite.config.ts sets build.manifest).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const LOGIN_SCREEN_MODULE = 'src/client/features/auth/screens/login-screen.tsx';

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] };
type ViteManifest = Record<string, ManifestChunk>;

export type WeighedFile = { file: string; bytes: number; gzipBytes: number };
export type LoginWeight = {
  files: WeighedFile[];
  bytes: number;
  gzipBytes: number;
  loginChunkFound: boolean;
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

function staticClosure(manifest: ViteManifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen].map((key) => manifest[key].file);
}

/** Null when there is no build to weigh. */
export function weighLoginJs(distDir: string): LoginWeight | null {
  const indexPath = join(distDir, 'index.html');
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(indexPath) || !existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as ViteManifest;
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const loginChunkFound = LOGIN_SCREEN_MODULE in manifest;
  const files = new Set([
    ...scriptsOfIndexHtml(readFileSync(indexPath, 'utf8')),
    ...staticClosure(manifest, [...entries, LOGIN_SCREEN_MODULE]),
  ]);
  const weighed = [...files]
    .filter((file) => file.endsWith('.js'))
    .sort()
    .map((file) => {
      const content = readFileSync(join(distDir, file));
      return { file, bytes: content.length, gzipBytes: gzipSync(content).length };
    });
  return {
    files: weighed,
    bytes: weighed.reduce((sum, f) => sum + f.bytes, 0),
    gzipBytes: weighed.reduce((sum, f) => sum + f.gzipBytes, 0),
    loginChunkFound,
  };
}
