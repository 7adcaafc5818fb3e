import { SHELL_PART, catalogPartsOf } from '../lib/i18n/catalogParts';
import { ROUTE_PATHS } from '../lib/routePaths';
import { PAGE_CATALOG_PARTS } from './routes';

// Which catalog parts each screen needs, read from the source: a module's texts come from the namespaces
// (`messageNamespace('quotes.', …)`) of the modules it imports, statically or lazily. What the shell renders must be
// in the shell part (start-up loads nothing else first; nothing above the pages' Suspense may wait for texts), and each
// page must name in app/routes.tsx exactly the other parts its modules need, so they download beside its chunk — a
// part it forgot would still load, but only once the page's code asked for it, and a part too many would load for
// nothing.
const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const IMPORT_PATTERNS = [
  /^\s*(?:import|export)\s+(?!type\b)[^'";]*?\bfrom\s+'(\.[^']+)'/gm, // import { a } from './a'; export * from './b'
  /^\s*import\s+'(\.[^']+)'/gm, // import './side-effect'
];
const LAZY_IMPORT = /\bimport\(\s*'(\.[^']+)'\s*\)/g;

function resolve(from: string, specifier: string): string | null {
  const path: string[] = from.split('/').slice(0, -1);
  for (const segment of specifier.split('/')) {
    if (segment === '..') path.pop();
    else if (segment !== '.') path.push(segment);
  }
  const base = path.join('/');
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((file) => file in sources) ?? null;
}

function importsOf(file: string, { lazy }: { lazy: boolean }): string[] {
  const source = sources[file] ?? '';
  const patterns = lazy ? [...IMPORT_PATTERNS, LAZY_IMPORT] : IMPORT_PATTERNS;
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => resolve(file, match[1]!))).filter((f) => f !== null);
}

/** The catalog parts the namespaces of a module graph fall into. */
function partsNeeded(entry: string, follow: (file: string) => { lazy: boolean }): string[] {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...importsOf(file, follow(file)));
  }
  const prefixes = [...seen].flatMap((file) =>
    [...(sources[file] ?? '').matchAll(/\bmessageNamespace\(([^)]*)\)/g)].flatMap((call) => [...call[1]!.matchAll(/'([^']+)'/g)].map((m) => m[1]!)),
  );
  return catalogPartsOf(prefixes).sort();
}

const ROUTES_FILE = '/src/app/routes.tsx';
// `[ROUTE_PATHS.quotes]: page(() => import('../features/quotes/routes/QuotesPage')…`
const pageModules = [...sources[ROUTES_FILE]!.matchAll(/\[ROUTE_PATHS\.(\w+)\]:\s*page\(\s*\(\)\s*=>\s*import\('([^']+)'\)/g)].map((match) => ({
  path: ROUTE_PATHS[match[1] as keyof typeof ROUTE_PATHS],
  module: resolve(ROUTES_FILE, match[2]!),
}));

describe('the catalog parts of the screens', () => {
  it('are read for every page of the route table', () => {
    expect(pageModules.map(({ path }) => path).sort()).toEqual(Object.keys(PAGE_CATALOG_PARTS).sort());
    expect(pageModules.filter(({ module }) => module === null)).toEqual([]);
  });

  it('the shell (everything but the pages) shows texts of the shell part only', () => {
    // The shell's own lazy chunks (the mobile drawer) count; the pages, lazily imported by routes.tsx, do not.
    expect(partsNeeded('/src/main.tsx', (file) => ({ lazy: file !== ROUTES_FILE }))).toEqual([SHELL_PART]);
  });

  it.each(pageModules)('$path names exactly the parts its modules need besides the shell part', ({ path, module }) => {
    const needed = partsNeeded(module!, () => ({ lazy: true })).filter((part) => part !== SHELL_PART);
    expect([...PAGE_CATALOG_PARTS[path as keyof typeof PAGE_CATALOG_PARTS]].sort()).toEqual(needed);
  });
});
