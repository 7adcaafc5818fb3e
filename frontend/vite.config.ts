import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from './src/lib/i18n/languages.js';
import { compiledCatalogs } from './vite/compiledCatalogs.js';

// Two-stage bundle (ARCHITECTURE §6): the only entry is the small loader that storefront pages include;
// the portal (React, MUI, router) is a chunk the loader imports lazily when a portal route opens.
export default defineConfig({
  // Relative base: lazily loaded chunks resolve against the loader's own URL, so the bundle works from
  // /static/portal/, from a CDN, or included by a third-party page from another origin.
  base: './',
  // compiledCatalogs: `…/portal.json?catalog&part=…` imports are Lingui's compiled messages, one part of a language's
  // catalog each; `virtual:portal-catalog-parts` lists them (docs/decisions.md, i18n and "Catalog parts").
  plugins: [
    react(),
    compiledCatalogs({ dir: 'src/locales', file: 'portal.json', languages: SUPPORTED_LANGUAGES, sourceLanguage: DEFAULT_LANGUAGE }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2020',
    // The portal chunk is fetched by the loader's dynamic import; no HTML page, so no polyfill injection.
    modulePreload: { polyfill: false },
    // React + MUI + router form one lazily loaded portal chunk by design; bench/bundle.py tracks its size.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      input: { loader: 'src/loader.ts' },
    },
  },
  server: {
    // `npm run dev`: index.html includes the loader without data-api-origin, so the API origin is the dev
    // server itself; the API and the storefront's sign-in edges are proxied to the Django dev server.
    proxy: Object.fromEntries(
      ['/graphql', '/login/', '/logout/', '/customer/', '/storefront/translation/'].map((path) => [path, 'http://127.0.0.1:8000']),
    ),
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // A worker per core. Vitest's default leaves one core to its main process, which is idle while tests run:
    // on a 2-core CI runner that meant one worker, and files ran one after another.
    maxWorkers: '100%',
    deps: { optimizer: { client: { enabled: true } } },
    // Ends a test that hangs; no speed limit: a journey through a whole form (typing into MUI fields in jsdom) takes
    // a few seconds, many times that on a loaded machine, never two minutes (issue 14 §1).
    testTimeout: 120_000,
    unstubGlobals: true,
  },
});
