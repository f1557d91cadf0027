// Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of the build, once the
// build (service worker included) is complete. The server sends them by content negotiation
// (@fastify/static `preCompressed`), so no request pays for compressing the same bytes again.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Logger, Plugin } from 'vite';

/** Text formats the browser fetches from dist/ (source maps are only for developer tools). */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|webmanifest|json|txt|xml)$/;

function* filesOf(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      // The build's own bookkeeping (.vite/manifest.json) is never served.
      if (!entry.name.startsWith('.')) yield* filesOf(path);
    } else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) {
      yield path;
    }
  }
}

export type PrecompressedFile = { file: string; bytes: number; brBytes: number; gzipBytes: number };

/** Brotli at its best quality and gzip at level 9: paid once at build time, saved on every download. */
export function precompressDir(dir: string): PrecompressedFile[] {
  const done: PrecompressedFile[] = [];
  for (const path of filesOf(dir)) {
    const content = readFileSync(path);
    const br = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gz = gzipSync(content, { level: 9 });
    // Written even when not smaller (a tiny file): every file then has both copies, and the server never
    // compresses a static file on the fly.
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gz);
    done.push({ file: relative(dir, path), bytes: content.length, brBytes: br.length, gzipBytes: gz.length });
  }
  return done;
}

export function precompress(): Plugin {
  let outDir = '';
  let logger: Logger | undefined;
  return {
    name: 'pathbuilder:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    // After every other plugin's closeBundle: vite-plugin-pwa writes sw.js there.
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const files = precompressDir(outDir);
        const sum = (pick: (f: PrecompressedFile) => number) => files.reduce((n, f) => n + pick(f), 0);
        logger?.info(
          `precompressed ${files.length} files: ${(sum((f) => f.bytes) / 1024).toFixed(0)} kB → ` +
            `${(sum((f) => f.gzipBytes) / 1024).toFixed(0)} kB gzip, ${(sum((f) => f.brBytes) / 1024).toFixed(0)} kB brotli`,
        );
      },
    },
  };
}
