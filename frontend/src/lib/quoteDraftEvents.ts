// Issue 22: "the quote draft changed" for whoever listens (the headless API's 'quote-changed' event). Every change
// the overlay makes is announced here: the portal's through lib/graphql.ts (any successful mutation that adds to,
// edits, clears, claims or submits the draft), the storefront's quote buttons and the headless API themselves.
// React-free: the loader and the portal chunk share this module.

/** What changed it: the GraphQL field that did (quoteDraftAddLines, quoteDraftSubmit, orderAddToQuote, …). */
export interface QuoteDraftChange {
  operation: string;
}

type Listener = (change: QuoteDraftChange) => void;

const listeners = new Set<Listener>();

export function subscribeQuoteDraftChanges(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function announceQuoteDraftChanged(change: QuoteDraftChange): void {
  for (const listener of [...listeners]) {
    try {
      listener(change);
    } catch (error) {
      // One listener's failure (a storefront's handler) stops neither the others nor the overlay.
      console.error('[b2b-portal] a quote draft listener failed', error);
    }
  }
}

const MUTATION = /^\s*mutation\b/;
// The draft's mutations (schema.graphql): quoteDraftAddLines, …AddCart, …UpdateLine, …RemoveLine, …Update,
// …RemoveFile, …Clear, …Claim, …Submit, and the order's lines added to the draft. A field with arguments: the type
// names in a document (QuoteDraftLineInput, QuoteDraftPayloadFields) start with a capital and take none.
const DRAFT_FIELD = /\b(quoteDraft[A-Z]\w*|orderAddToQuote)\s*\(/;

/** The field of a mutation document that changes the caller's quote draft, or null. */
export function quoteDraftMutationOf(document: string): string | null {
  if (!MUTATION.test(document)) return null;
  return DRAFT_FIELD.exec(document)?.[1] ?? null;
}
