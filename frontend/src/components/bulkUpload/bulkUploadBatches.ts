// A bulk upload brings up to 1,000 valid lines, while a shopping list's items create and the quote draft's add lines
// take at most 100 products a call (docs/api.md: shoppingListsItemsCreate "1 to 100", quoteDraftAddLines
// MAX_LINES_PER_CALL). Up to 100 lines go in one call; more go in calls of 100, one after another, and the first
// refusal stops the rest (each call changes nothing when it fails).

export const MAX_LINES_PER_CALL = 100;

export interface BatchOutcome<Line, Answer> {
  /** The answers of the calls that succeeded, in order. */
  answers: Answer[];
  /** How many lines those calls added. */
  added: number;
  /** The refusal that stopped the adding, and the lines of its call; null when every call succeeded. */
  failure: { error: unknown; lines: Line[] } | null;
}

export async function addInBatches<Line, Answer>(lines: readonly Line[], send: (batch: Line[]) => Promise<Answer>, size = MAX_LINES_PER_CALL): Promise<BatchOutcome<Line, Answer>> {
  const answers: Answer[] = [];
  let added = 0;
  for (let start = 0; start < lines.length; start += size) {
    const batch = lines.slice(start, start + size);
    try {
      answers.push(await send(batch));
    } catch (error) {
      return { answers, added, failure: { error, lines: batch } };
    }
    added += batch.length;
  }
  return { answers, added, failure: null };
}
