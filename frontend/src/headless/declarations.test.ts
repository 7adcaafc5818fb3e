import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';

import { headlessDeclarations, OUTPUT_PATH, TYPES_PATH } from '../../scripts/headless-dts.mjs';
import { createHeadlessApi } from './install';

// Issue 22: the declaration file shipped with the bundle (public/helix-portal.d.ts) is the API's types as the
// implementation is checked against them (install.ts: `const api: HelixPortal`), and the object on the page has
// exactly the members they declare.

const FRONTEND = join(fileURLToPath(import.meta.url), '../../..');
const TYPES_SOURCE = readFileSync(join(FRONTEND, TYPES_PATH), 'utf8');

test('the shipped declaration file is the one the API’s types give (npm run headless-dts writes it)', () => {
  expect(readFileSync(join(FRONTEND, OUTPUT_PATH), 'utf8')).toBe(headlessDeclarations(TYPES_SOURCE));
});

test('window.helixPortal has exactly the members HelixPortal declares', () => {
  const source = ts.createSourceFile('types.ts', TYPES_SOURCE, ts.ScriptTarget.ES2022, true);
  const portal = source.statements.find((statement): statement is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(statement) && statement.name.text === 'HelixPortal');
  const declared = portal!.members.map((member) => (member.name as ts.Identifier).text).sort();
  const { api } = createHeadlessApi({ config: { apiOrigin: 'https://api.helix.test', channelId: 1, storeHash: '', appClientId: 'x' }, win: window, loadOperations: vi.fn() });

  expect(Object.keys(api).sort()).toEqual(declared);
});

test('the declaration file stands on its own: it compiles without errors', () => {
  const fileName = '/helix-portal.d.ts';
  const text = readFileSync(join(FRONTEND, OUTPUT_PATH), 'utf8');
  const options: ts.CompilerOptions = { strict: true, noEmit: true, lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'], types: [] };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => (name === fileName ? text : readFile(name));
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === fileName || fileExists(name);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version) => (name === fileName ? ts.createSourceFile(name, text, version) : getSourceFile(name, version));
  const program = ts.createProgram([fileName], options, host);

  expect(ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))).toEqual([]);
});
