export const TYPES_PATH: string;
export const OUTPUT_PATH: string;
/** The declaration file for the headless API's types (their source text). */
export function headlessDeclarations(typesSource: string): string;
