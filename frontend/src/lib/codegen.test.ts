import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { CodegenError, generate, readSources, type CodegenSource } from '../../scripts/codegen.mjs';

// issue 14 §4: the operations' types come from schema.graphql, so a schema change that breaks an operation stops
// generation (and with it `npm run typecheck` and the build), naming the file, the operation and the field.

// Paths from this file's own (vite rewrites `new URL(…, import.meta.url)` as an asset of the dev server).
const FRONTEND = join(fileURLToPath(import.meta.url), '../../..');
const SCHEMA = readFileSync(join(FRONTEND, '../schema.graphql'), 'utf8');
const SOURCES = readSources(FRONTEND);

/** The schema text without one field of one type (its line and its description). */
function withoutField(schemaText: string, typeName: string, fieldName: string): string {
  const start = schemaText.indexOf(`\ntype ${typeName} {`);
  const end = schemaText.indexOf('\n}', start);
  const body = schemaText.slice(start, end);
  const field = new RegExp(`(?:\\n  """(?:(?!""")[\\s\\S])*""")?\\n  ${fieldName}(?:\\(.*?\\))?: [^\\n]*`);
  expect(start).toBeGreaterThan(-1);
  expect(body).toMatch(field);
  return schemaText.slice(0, start) + body.replace(field, '') + schemaText.slice(end);
}

async function problemsOf(schemaText: string, sources: readonly CodegenSource[]): Promise<string[]> {
  const error: unknown = await generate({ schemaText, sources }).then(
    () => null,
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(CodegenError);
  return (error as CodegenError).problems;
}

const TOY_SCHEMA = `
  type Company { id: Int! name: String! email: String }
  type Query { company(id: Int!): Company! }
`;

function toySource(text: string): CodegenSource {
  return { path: 'src/features/toy/api/company.ts', text };
}

const COMPANY_FIELDS = "export const COMPANY_FIELDS = /* GraphQL */ `\n  fragment CompanyFields on Company { id name }\n`;\n";

test('removing a field an operation selects fails generation, naming the file, the operation and the field', async () => {
  const problems = await problemsOf(withoutField(SCHEMA, 'CompanyMasqueradeSession', 'eventCount'), SOURCES);

  expect(problems).toEqual([
    expect.stringMatching(
      /^src\/features\/account\/api\/companyMasqueradeSessions\.ts:\d+: query CompanyMasqueradeSessions: Cannot query field "eventCount" on type "CompanyMasqueradeSession"\./,
    ),
  ]);
});

test('removing a field of a shared fragment names every operation that sends it, at the fragment', async () => {
  const problems = await problemsOf(withoutField(SCHEMA, 'QuoteFile', 'downloadUrl'), SOURCES);

  const operations = problems.map((problem) => /: (?:query|mutation) (\w+): /.exec(problem)?.[1]);
  expect(operations.sort()).toEqual([
    'Quote',
    'QuoteDraft',
    'QuoteDraftAddLines',
    'QuoteDraftClaim',
    'QuoteDraftRemoveFile',
    'QuoteDraftRemoveLine',
    'QuoteDraftUpdate',
    'QuoteDraftUpdateLine',
  ]);
  for (const problem of problems) {
    expect(problem).toMatch(/^src\/features\/quotes\/api\/draftFields\.ts:\d+: .*Cannot query field "downloadUrl" on type "QuoteFile"\./);
  }
});

test('the committed schema and the sources generate without a problem', async () => {
  await expect(generate({ schemaText: SCHEMA, sources: SOURCES })).resolves.toContain('export type SuperAdminCompaniesQuery = {');
});

test('an argument the schema no longer takes fails with the operation named', async () => {
  const schema = TOY_SCHEMA.replace('company(id: Int!)', 'company');
  const source = toySource(
    "export const COMPANY = graphqlOperation<CompanyQuery, CompanyQueryVariables>(/* GraphQL */ `\n  query Company($id: Int!) { company(id: $id) { id } }\n`);\n",
  );

  expect(await problemsOf(schema, [source])).toEqual(['src/features/toy/api/company.ts:2: query Company: Unknown argument "id" on field "Query.company".']);
});

test('a fragment spread without its definition interpolated is what the server would refuse', async () => {
  const source = toySource(
    COMPANY_FIELDS + "export const COMPANY = graphqlOperation<CompanyQuery, CompanyQueryVariables>(/* GraphQL */ `\n  query Company { company(id: 1) { ...CompanyFields } }\n`);\n",
  );

  expect(await problemsOf(TOY_SCHEMA, [source])).toEqual([
    'src/features/toy/api/company.ts:5: query Company: Unknown fragment "CompanyFields".',
    'src/features/toy/api/company.ts:1: fragment CompanyFields is not sent with any operation',
  ]);
});

test('an interpolated fragment is validated and typed with the operation', async () => {
  const source = toySource(
    COMPANY_FIELDS +
      "export const COMPANY = graphqlOperation<CompanyQuery, CompanyQueryVariables>(/* GraphQL */ `\n  query Company { company(id: 1) { ...CompanyFields email } }\n  ${COMPANY_FIELDS}\n`);\n",
  );

  const output = await generate({ schemaText: TOY_SCHEMA, sources: [source] });

  expect(output).toMatch(/^\/\/ Generated by scripts\/codegen\.mjs from \.\.\/schema\.graphql and the operations under src\/: do not edit\./);
  expect(output).toContain('export type CompanyFieldsFragment = {\n  id: number,\n  name: string\n};');
  expect(output).toContain('export type CompanyQuery = {\n  company: {\n    email: string | null,\n    id: number,\n    name: string\n  }\n};');
  expect(output).toContain('export type CompanyQueryVariables = Exact<{ [key: string]: never; }>;');
});

test('a selection interpolated inside braces is refused: its fields would be missing from the types', async () => {
  const source = toySource(
    "const FIELDS = 'id name';\nexport const COMPANY = graphqlOperation<CompanyQuery, CompanyQueryVariables>(/* GraphQL */ `\n  query Company { company(id: 1) { id ${FIELDS} } }\n`);\n",
  );

  expect(await problemsOf(TOY_SCHEMA, [source])).toContain(
    'src/features/toy/api/company.ts:3: ${FIELDS} inside a selection: spread a fragment there and interpolate its definition after the operation',
  );
});

test('an operation not written as graphqlOperation<Types>(/* GraphQL */ `…`) is reported, not skipped', async () => {
  const source = toySource("export const COMPANY = graphqlOperation<{ company: { id: number } }>(`\n  query Company { company(id: 1) { id } }\n`);\n");

  expect(await problemsOf(TOY_SCHEMA, [source])).toEqual([
    'src/features/toy/api/company.ts:1: write graphqlOperation<NameQuery, NameQueryVariables>(/* GraphQL */ `…`) so the operation is generated and its types paired',
  ]);
});
