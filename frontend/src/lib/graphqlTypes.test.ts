import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { generate, OUTPUT_PATH, readSources } from '../../scripts/codegen.mjs';

// The generated types and the operations stay paired (issue 14 §4): each graphqlOperation call is typed with the
// types generated for its own operation, and the committed file is what the schema and the sources generate.

// Paths from this file's own (vite rewrites `new URL(…, import.meta.url)` as an asset of the dev server).
const FRONTEND = join(fileURLToPath(import.meta.url), '../../..');
const SOURCES = readSources(FRONTEND);

const CALL = /graphqlOperation<\s*(\w+),\s*(\w+),?\s*>\(\s*\/\*\s*GraphQL\s*\*\/\s*`\s*(query|mutation)\s+(\w+)/g;

test('every graphqlOperation is typed with the result and variables types named after its operation', () => {
  const calls = SOURCES.flatMap(({ path, text }) =>
    [...text.matchAll(CALL)].map(([, result, variables, kind, name]) => ({ path, name, result, variables, kind: kind === 'query' ? 'Query' : 'Mutation' })),
  );

  expect(calls.length).toBeGreaterThanOrEqual(38);
  for (const { path, name, result, variables, kind } of calls) {
    expect({ path, result, variables }).toEqual({ path, result: `${name}${kind}`, variables: `${name}${kind}Variables` });
  }
  // No call escapes the pattern above (an untyped or unmarked one would); comments and the declaration are no calls.
  const anyCall = /^(?!\s*(?:\*|\/\/)).*\bgraphqlOperation\s*[<(]/gm;
  const allCalls = SOURCES.flatMap(({ text }) => [...text.matchAll(anyCall)].filter(([line]) => !/\bfunction\s+graphqlOperation/.test(line)));
  expect(allCalls).toHaveLength(calls.length);
});

test('the committed graphqlTypes.generated.ts is what schema.graphql and the operations generate', async () => {
  const schemaText = readFileSync(join(FRONTEND, '../schema.graphql'), 'utf8');
  const committed = readFileSync(join(FRONTEND, OUTPUT_PATH), 'utf8');

  // Stale after a schema or operation change: `npm run codegen`.
  expect(await generate({ schemaText, sources: SOURCES })).toBe(committed);
});

test('a call typed with another operation\'s types is reported by the codegen', async () => {
  const schemaText = 'type Query { ping: String! pong: String! }';
  const text = "export const PING = graphqlOperation<PongQuery, PongQueryVariables>(/* GraphQL */ `\n  query Ping { ping }\n`);\n";

  await expect(generate({ schemaText, sources: [{ path: 'src/lib/ping.ts', text }] })).rejects.toThrow(
    'src/lib/ping.ts:1: query Ping must be typed graphqlOperation<PingQuery, PingQueryVariables>, not <PongQuery, PongQueryVariables>',
  );
});
