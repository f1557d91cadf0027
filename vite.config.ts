import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import type { ManifestOptions } from 'vite-plugin-pwa';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { precompress } from './scripts/vite-precompress.ts';
import { startPrefetch } from './scripts/vite-start-prefetch.ts';
import { prerender } from './scripts/vite-prerender.ts';
import { isFeatureFace } from './scripts/vite-chunks.ts';
import { screenChunk } from './scripts/vite-screen-chunk.ts';
import { deferManifestLink } from './scripts/vite-defer-manifest.ts';

// The web app manifest lives at the top level as plain JSON; the plugin emits it, links it from
// index.html and precaches it together with its icons.
const manifest = JSON.parse(
  readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'),
) as Partial<ManifestOptions>;

// The signed-in layout in one request as well (its stores and hooks would be chunks of their own): every
// signed-in screen waits for it, and a start at / preloads it beside the dashboard's chunk.
const layoutChunk = screenChunk('sidebar-layout', 'src/client/app/layout/sidebar-layout.tsx', [
  'src/client/features/auth/screens/login-screen.tsx',
]);

const dashboardChunk = screenChunk(
  'dashboard',
  'src/client/features/dashboard/screens/dashboard-screen.tsx',
  ['src/client/features/auth/screens/login-screen.tsx', 'src/client/app/layout/sidebar-layout.tsx'],
);

export default defineConfig({
  root: '.',
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      manifestFilename: 'manifest.webmanifest',
      // The glob below already takes every icon; the plugin adds the manifest itself.
      includeManifestIcons: false,
      injectManifest: {
        // Every file of the build, so each lazily loaded route chunk opens offline before its first visit.
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,ico,woff2}'],
        // The build's own bookkeeping, not something the browser ever requests.
        globIgnores: ['.vite/**'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    // Inline before the entry: a signed-in dashboard's API reads and code start at once, and without a
    // session the login screen's code (src/client/start-prefetch.ts).
    startPrefetch(
      'src/client/start-prefetch.ts',
      [
        'src/client/features/dashboard/screens/dashboard-screen.tsx',
        'src/client/app/layout/sidebar-layout.tsx',
      ],
      'src/client/features/auth/screens/login-screen.tsx',
    ),
    // dist/login.html: the login screen rendered into the HTML at build time, hydrated by main.tsx.
    prerender('src/client/prerender.tsx', {
      '/login': { file: 'login.html', screen: 'src/client/features/auth/screens/login-screen.tsx' },
    }),
    // The manifest's link is added by main.tsx once the first page is shown (src/client/main.tsx).
    deferManifestLink(),
    // Last: brotli and gzip copies of the finished build, sw.js included.
    precompress(),
  ],
  // manifest: bench/run.ts walks dist/.vite/manifest.json to weigh the JS that renders /login.
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    rollupOptions: {
      input: { index: 'index.html' },
      // A feature's face (features/<feature>/index.ts) only re-exports, so it is marked free of side effects:
      // Rollup then takes each name an importer uses straight from its module, and drops the rest with their
      // modules' load effects (Valtio stores, CSS), as if the face were not there.
      treeshake: { moduleSideEffects: (id) => !isFeatureFace(id) },
      output: {
        // The student dashboard's code in one request (scripts/vite-screen-chunk.ts).
        // What the signed-in layout imports stays out too: every signed-in screen loads that chunk.
        manualChunks: (id, meta) => layoutChunk(id, meta) ?? dashboardChunk(id, meta),
        // Only the modules named: a manual chunk would otherwise also swallow what they import (React...).
        onlyExplicitManualChunks: true,
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/client/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.ts'],
          setupFiles: ['tests/client/setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          // An S3-protocol server (s3rver) for the file tests' second store, unless TEST_S3_ENDPOINT names one.
          globalSetup: ['tests/api/s3-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Two app hosts in network namespaces behind nginx (tests/hosts/network.ts): root, nginx, PostgreSQL.
          name: 'hosts',
          environment: 'node',
          globalSetup: ['tests/api/s3-setup.ts'],
          include: ['tests/hosts/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
