// Types of codegen.mjs for the tests that call it (src/lib/codegen.test.ts, src/lib/graphqlTypes.test.ts).

export interface CodegenSource {
  /** Relative to frontend/, e.g. `src/lib/countries.ts`; problems name it. */
  path: string;
  text: string;
}

export const OUTPUT_PATH: string;

export class CodegenError extends Error {
  readonly problems: string[];
}

/** The generated module's text; rejects with a CodegenError naming file, operation and error of each problem. */
export function generate(options: { schemaText: string; sources: readonly CodegenSource[] }): Promise<string>;

/** The sources under `root`/src that may hold documents (no tests, test helpers or the generated file). */
export function readSources(root: string): CodegenSource[];
