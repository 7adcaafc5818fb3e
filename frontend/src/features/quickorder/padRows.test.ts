import type { SkuLookupResult } from './api/skuLookup';
import { MAX_PAD_ROWS, emptyRows, pasteRows, quantityProblem, readyLine, skuProblem, skusToLookUp, type LookupState, type PadRow } from './padRows';

const result = (sku: string, overrides: Partial<SkuLookupResult> = {}): SkuLookupResult => ({
  sku, status: 'FOUND', productId: 1, variantId: 2, variantSku: sku, productName: 'Ethanol', purchasable: true, availableStock: 10,
  needsOptions: false, optionList: [], errorCode: null, candidates: [], ...overrides,
});

const state = (results: SkuLookupResult[], extra: Partial<LookupState> = {}): LookupState => ({
  results: new Map(results.map((item) => [item.sku, item])),
  pending: new Set(),
  failed: new Set(),
  ...extra,
});

const row = (sku: string, quantity = 1, chosen: PadRow['chosen'] = null): PadRow => ({ key: Math.random(), sku, quantity, chosen });

/** The server's quantity limit as start-up gives it (storeBasicInfo.quantityLimit). */
const LIMIT = 1_000_000;

describe('the quick order pad’s rows (issue 19)', () => {
  it('puts a pasted block from the row pasted into, over the empty rows below, keeping filled ones after it', () => {
    const rows = [row('A'), row(''), row(''), row('B', 5), row('')];
    const { rows: next, dropped } = pasteRows(rows, 1, [
      { sku: 'X', quantity: '2' },
      { sku: 'Y', quantity: '' },
      { sku: 'Z', quantity: 'abc' },
    ]);
    expect(next.map((item) => [item.sku, item.quantity])).toEqual([['A', 1], ['X', 2], ['Y', 1], ['Z', 0], ['B', 5], ['', 1]]);
    expect(next[1]!.key).toBe(rows[1]!.key);
    expect(dropped).toBe(0);
  });

  it(`holds at most ${MAX_PAD_ROWS} rows and says how many pasted rows did not fit`, () => {
    const pasted = Array.from({ length: 120 }, (_, index) => ({ sku: `HS-${index}`, quantity: '1' }));
    const { rows, dropped } = pasteRows(emptyRows(), 0, pasted);
    expect(rows).toHaveLength(MAX_PAD_ROWS);
    expect(dropped).toBe(20);
  });

  it('tells what is wrong with a row’s SKU, in the order the buyer can act on it', () => {
    const known = state([
      result('OK'),
      result('GONE', { status: 'NOT_FOUND', productId: null, errorCode: 'unknown_sku' }),
      result('CAS', { status: 'AMBIGUOUS', productId: null, candidates: [] }),
      result('POR', { purchasable: false, errorCode: 'not_available' }),
      result('OPT', { variantId: null, needsOptions: true, errorCode: 'required_options_missing' }),
    ], { pending: new Set(['BUSY']), failed: new Set(['DOWN']) });
    expect(['', 'OK', 'NEW', 'BUSY', 'DOWN', 'GONE', 'CAS', 'POR', 'OPT'].map((sku) => skuProblem(row(sku), known)?.code ?? null)).toEqual([
      null, null, 'unchecked', 'checking', 'lookupFailed', 'unknown', 'ambiguous', 'notAvailable', 'needsOptions',
    ]);
    expect(skuProblem(row('OPT', 1, { variantId: 3, options: [] }), known)).toBeNull();
    expect(skusToLookUp([row(' NEW '), row('NEW'), row('OK'), row('BUSY'), row('DOWN')], known)).toEqual(['NEW', 'DOWN']);
  });

  it('checks the quantity: business §5’s range, then the stock of the SKU’s own pack size (business §4)', () => {
    const known = state([result('TEN', { availableStock: 10 }), result('NONE', { availableStock: 0 }), result('FREE', { availableStock: null })]);
    expect(quantityProblem(row('TEN', 0), known, LIMIT)).toEqual({ code: 'range' });
    expect(quantityProblem(row('TEN', 1_000_001), known, LIMIT)).toEqual({ code: 'range' });
    expect(quantityProblem(row('TEN', 11), known, LIMIT)).toEqual({ code: 'insufficientStock', available: 10 });
    expect(quantityProblem(row('TEN', 10), known, LIMIT)).toBeNull();
    expect(quantityProblem(row('NONE', 1), known, LIMIT)).toEqual({ code: 'outOfStock' });
    expect(quantityProblem(row('FREE', 1_000_000), known, LIMIT)).toBeNull();
    // The limit is the server's: a store with a lower one flags what passes it.
    expect(quantityProblem(row('FREE', 501), known, 500)).toEqual({ code: 'range' });
    // Another pack size chosen in the option form: its stock is the cart's to check.
    expect(quantityProblem(row('TEN', 50, { variantId: 9, options: [] }), known, LIMIT)).toBeNull();
    expect(quantityProblem(row('', 0), known, LIMIT)).toBeNull();
  });

  it('makes a cart line of a row that can be added: the defaults of required options, or the options chosen', () => {
    const known = state([result('HS-1', { variantSku: 'HS-1-500', optionList: [{ optionId: 4, optionValue: '7' }] })]);
    expect(readyLine({ key: 1, sku: 'HS-1', quantity: 2, chosen: null }, known, LIMIT)).toEqual({
      key: 1, productId: 1, variantId: 2, quantity: 2, options: [{ optionId: 4, value: '7' }], sku: 'HS-1-500', name: 'Ethanol', purchasable: true, availableStock: 10,
    });
    expect(readyLine({ key: 1, sku: 'HS-1', quantity: 2, chosen: { variantId: 3, options: [{ optionId: 5, value: '8' }] } }, known, LIMIT)).toMatchObject({
      variantId: 3, options: [{ optionId: 5, value: '8' }], availableStock: null,
    });
    expect(readyLine({ key: 1, sku: 'HS-1', quantity: 20, chosen: null }, known, LIMIT)).toBeNull();
  });
});
