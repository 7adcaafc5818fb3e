// The overlay's lint (`npm run lint`, part of `make lint`): the recommended JavaScript and typescript-eslint rules,
// and the layering STYLE.md "Frontend" promises — no imports between features; components/ and lib/ sit below
// features/ and app/, so shared code moves down, never sideways or up.

import path from 'node:path';

import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

const SRC = path.join(import.meta.dirname, 'src');

// Where a file sits in the overlay: its top folder under src/ and, under features/, its feature.
function placeOf(file) {
  const parts = path.relative(SRC, file).split(path.sep);
  if (parts[0] === '..' || path.isAbsolute(parts[0]) || parts.length < 2) return null;
  return { top: parts[0], feature: parts[0] === 'features' && parts.length > 2 ? parts[1] : null };
}

// Why an import from `from` to `to` crosses the layering, or null when it does not.
function crossing(from, to) {
  if (to === null) return null;
  if (from.feature !== null && to.feature !== null && from.feature !== to.feature) {
    return `features/${from.feature} may not import from features/${to.feature}: move what both need down into components/ or lib/`;
  }
  if ((from.top === 'lib' || from.top === 'components') && (to.top === 'features' || to.top === 'app')) {
    return `${from.top}/ may not import from ${to.top}/: it sits below the features and the app shell`;
  }
  return null;
}

const layering = {
  meta: {
    type: 'problem',
    docs: { description: 'No imports between features; components/ and lib/ import neither features/ nor app/.' },
    schema: [],
  },
  create(context) {
    const from = placeOf(context.filename);
    if (from === null) return {};
    function check(source) {
      // Relative specifiers only: the overlay has no path aliases, and packages are outside the layering.
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const reason = crossing(from, placeOf(path.resolve(path.dirname(context.filename), source.value)));
      if (reason !== null) context.report({ node: source, message: reason });
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source), // lazy route chunks
    };
  },
};

export default defineConfig(
  { ignores: ['dist/', 'coverage/', '**/*.generated.ts'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // As tsc's noUnusedParameters: a leading underscore marks a name kept on purpose; `{ [key]: _dropped, ...rest }`
      // is how a key is left out of a copy.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { overlay: { rules: { layering } } },
    rules: { 'overlay/layering': 'error' },
  },
  {
    // Its regular expressions match control characters on purpose: they are what it strips from URLs.
    files: ['src/lib/sanitizeHtml.ts'],
    rules: { 'no-control-regex': 'off' },
  },
  {
    // Plain Node scripts (codegen).
    files: ['scripts/**/*.{js,mjs}', '*.js'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
  },
);
