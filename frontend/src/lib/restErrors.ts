// docs/api.md "REST edges": a refused REST request answers in shell §8's REST shape with the GraphQL contract's
// errors beside it — {"code": <HTTP status>, "message", "data": null, "errors": [{"message", "extensions": {"code"}}]}.

export interface RestRefusal {
  message: string;
  /** The first error's `extensions.code`, as text (40101 comes as a number). */
  code: string;
}

/** The refusal in a REST edge's answer; null when the answer is not one (a proxy's page, a success). */
export function restRefusal(answer: unknown): RestRefusal | null {
  if (typeof answer !== 'object' || answer === null || !('errors' in answer) || !Array.isArray(answer.errors)) return null;
  const first: unknown = answer.errors[0];
  if (typeof first !== 'object' || first === null) return null;
  const message = 'message' in first && typeof first.message === 'string' ? first.message : '';
  const extensions = 'extensions' in first && typeof first.extensions === 'object' && first.extensions !== null ? first.extensions : {};
  const code = 'code' in extensions && (typeof extensions.code === 'string' || typeof extensions.code === 'number') ? String(extensions.code) : '';
  return { message, code };
}

/**
 * What the first error's `extensions` add beside its code, as far as they are texts (SSO_REQUIRED's `startUrl` and
 * `providerName`, issue 40); empty when the answer is not a refusal or adds nothing.
 */
export function restRefusalExtensions(answer: unknown): Readonly<Record<string, string>> {
  if (typeof answer !== 'object' || answer === null || !('errors' in answer) || !Array.isArray(answer.errors)) return {};
  const first: unknown = answer.errors[0];
  if (typeof first !== 'object' || first === null || !('extensions' in first)) return {};
  const extensions = first.extensions;
  if (typeof extensions !== 'object' || extensions === null) return {};
  return Object.fromEntries(Object.entries(extensions).filter((entry): entry is [string, string] => entry[0] !== 'code' && typeof entry[1] === 'string'));
}
