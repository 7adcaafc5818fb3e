import { isPastedBlock, parsePastedRows, pastedQuantity } from './pastedRows';

describe('a block pasted into a SKU field (issue 19)', () => {
  it('reads a spreadsheet copy: tab-separated SKU and quantity, one row per line', () => {
    expect(parsePastedRows('HS-1001-500ML\t2\r\nHS-1055-100G\t10\r\n64-17-5\t1\r\n')).toEqual([
      { sku: 'HS-1001-500ML', quantity: '2' },
      { sku: 'HS-1055-100G', quantity: '10' },
      { sku: '64-17-5', quantity: '1' },
    ]);
  });

  it('reads comma-separated lines, with quoted cells', () => {
    expect(parsePastedRows('HS-1001-500ML,2\n"HS-1030-100G", "3"\n"HS,odd""name",4')).toEqual([
      { sku: 'HS-1001-500ML', quantity: '2' },
      { sku: 'HS-1030-100G', quantity: '3' },
      { sku: 'HS,odd"name', quantity: '4' },
    ]);
  });

  it('takes one column as SKUs without a quantity, and ignores columns beyond the second', () => {
    expect(parsePastedRows('HS-1001-500ML\nHS-1055-100G\t5\tEthanol\tnote')).toEqual([
      { sku: 'HS-1001-500ML', quantity: '' },
      { sku: 'HS-1055-100G', quantity: '5' },
    ]);
  });

  it('drops a header line: a SKU cell without a digit, or a quantity cell of text', () => {
    expect(parsePastedRows('variant_sku,qty\nHS-1001-500ML,2')).toEqual([{ sku: 'HS-1001-500ML', quantity: '2' }]);
    expect(parsePastedRows('SKU\nHS-1001-500ML')).toEqual([{ sku: 'HS-1001-500ML', quantity: '' }]);
    expect(parsePastedRows('Catalog no. 1\tQuantity\nHS-1001-500ML\t2')).toEqual([{ sku: 'HS-1001-500ML', quantity: '2' }]);
    // Only the first line can be a header: a later SKU without digits is a row (the pad flags it as unknown).
    expect(parsePastedRows('HS-1001-500ML,2\nabc,1')).toEqual([
      { sku: 'HS-1001-500ML', quantity: '2' },
      { sku: 'abc', quantity: '1' },
    ]);
  });

  it('skips blank lines and lines without a SKU, and trims every cell', () => {
    expect(parsePastedRows('\n  HS-1001-500ML  \t 2 \n\n\t7\n ,3\nHS-1055-100G\t1\n\n')).toEqual([
      { sku: 'HS-1001-500ML', quantity: '2' },
      { sku: 'HS-1055-100G', quantity: '1' },
    ]);
    expect(parsePastedRows('')).toEqual([]);
    expect(parsePastedRows('SKU,Qty\n')).toEqual([]);
  });

  it('keeps quantities as written, for the row to check', () => {
    expect(parsePastedRows('HS-1,0\nHS-2,2000000\nHS-3,1.5\nHS-4,abc').map((row) => row.quantity)).toEqual(['0', '2000000', '1.5', 'abc']);
  });

  it('tells a block from a single SKU', () => {
    expect(isPastedBlock('HS-1001-500ML')).toBe(false);
    expect(isPastedBlock('HS-1001-500ML\n')).toBe(false);
    expect(isPastedBlock('HS-1001-500ML\t2')).toBe(true);
    expect(isPastedBlock('HS-1001-500ML,2')).toBe(true);
    expect(isPastedBlock('HS-1001-500ML\nHS-1055-100G')).toBe(true);
  });

  it('reads a pasted quantity: none is 1, digits are the number (out of range kept), other text is null', () => {
    expect(pastedQuantity('')).toBe(1);
    expect(pastedQuantity(' 12 ')).toBe(12);
    expect(pastedQuantity('0')).toBe(0);
    expect(pastedQuantity('2000000')).toBe(2_000_000);
    expect(pastedQuantity('1.5')).toBeNull();
    expect(pastedQuantity('-3')).toBeNull();
    expect(pastedQuantity('abc')).toBeNull();
  });
});
