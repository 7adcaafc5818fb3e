import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

import { I18nProvider } from '../../lib/i18n/I18nProvider';
import { STORE_BASIC_INFO_KEY } from '../../lib/store/storeBasicInfo';
import { storeInfo } from '../../test/graphqlMock';
import { MAX_QUICK_ADD_ROWS, QuickAdd, pasteIntoRows, type QuickAddRow } from './QuickAdd';

/** A query cache as start-up leaves it: the store's basic info with the server's quantity limit. */
function startedQueryClient(): QueryClient {
  const queryClient = new QueryClient();
  queryClient.setQueryData(STORE_BASIC_INFO_KEY, storeInfo());
  return queryClient;
}

function renderQuickAdd(onAdd = vi.fn(async (_rows: QuickAddRow[]) => true), errors: Record<string, string> = {}) {
  render(
    <QueryClientProvider client={startedQueryClient()}>
      <I18nProvider language="en">
        <QuickAdd busy={false} submitLabel="Add to quote" errorList="lines" errors={errors} onAdd={onAdd} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  return { onAdd, user: userEvent.setup({ delay: null }) };
}

const skus = () => screen.getAllByRole('textbox', { name: /^SKU, row/ }).map((field) => (field as HTMLInputElement).value);
const quantities = () => screen.getAllByRole('spinbutton', { name: /^Quantity, row/ }).map((field) => (field as HTMLInputElement).value);

describe('QuickAdd: SKU + quantity rows (quote draft, shopping lists)', () => {
  it('sends the filled rows, trimmed, and empties them once added', async () => {
    const { onAdd, user } = renderQuickAdd();
    await user.type(screen.getByRole('textbox', { name: 'SKU, row 2' }), ' HS-1001-500ML ');
    await user.click(screen.getByRole('button', { name: 'Add to quote' }));
    expect(onAdd).toHaveBeenCalledWith([{ sku: 'HS-1001-500ML', quantity: 1 }]);
    // The rows empty once onAdd's promise has settled: wait for that, however slow the machine.
    await waitFor(() => expect(skus()).toEqual(['', '', '']));
  });

  it('shows the server’s field errors under the row they belong to', async () => {
    const onAdd = vi.fn(async (_rows: QuickAddRow[]) => false);
    const user = userEvent.setup({ delay: null });
    const queryClient = startedQueryClient();
    const quickAdd = (errors: Record<string, string>) => (
      <QueryClientProvider client={queryClient}>
        <I18nProvider language="en">
          <QuickAdd busy={false} submitLabel="Add to quote" errorList="lines" errors={errors} onAdd={onAdd} />
        </I18nProvider>
      </QueryClientProvider>
    );
    const { rerender } = render(quickAdd({}));
    await user.type(screen.getByRole('textbox', { name: 'SKU, row 3' }), 'HS-9999');
    await user.click(screen.getByRole('button', { name: 'Add to quote' }));
    // The one row sent is the server's lines.0: its message goes under row 3, and the row stays filled.
    rerender(quickAdd({ 'lines.0.sku': 'This SKU is not in the catalog.' }));
    expect(screen.getByRole('textbox', { name: 'SKU, row 3' })).toHaveAccessibleDescription('This SKU is not in the catalog.');
    expect(skus()).toEqual(['', '', 'HS-9999']);
  });

  it('fills one row per line of a block pasted from a spreadsheet, from the row pasted into (issue 19)', async () => {
    const { onAdd, user } = renderQuickAdd();
    await user.click(screen.getByRole('textbox', { name: 'SKU, row 2' }));
    await user.paste('SKU\tQty\nHS-1001-500ML\t2\nHS-1055-100G\t0\n64-17-5\t2000000\nHS-1030-100G\n');

    expect(skus()).toEqual(['', 'HS-1001-500ML', 'HS-1055-100G', '64-17-5', 'HS-1030-100G']);
    // business §5 as the fields apply it: 0 becomes 1, above 1,000,000 becomes 1,000,000, none is 1.
    expect(quantities()).toEqual(['1', '2', '1', '1000000', '1']);
    await user.click(screen.getByRole('button', { name: 'Add to quote' }));
    expect(onAdd).toHaveBeenCalledWith([
      { sku: 'HS-1001-500ML', quantity: 2 },
      { sku: 'HS-1055-100G', quantity: 1 },
      { sku: '64-17-5', quantity: 1_000_000 },
      { sku: 'HS-1030-100G', quantity: 1 },
    ]);
  });

  it('takes a comma-separated block too, and a single SKU as typed', async () => {
    const { user } = renderQuickAdd();
    await user.click(screen.getByRole('textbox', { name: 'SKU, row 1' }));
    await user.paste('HS-1001-500ML');
    expect(skus()).toEqual(['HS-1001-500ML', '', '']);
    await user.click(screen.getByRole('textbox', { name: 'SKU, row 2' }));
    await user.paste('HS-1055-100G,3\nHS-1030-100G,4');
    expect(skus()).toEqual(['HS-1001-500ML', 'HS-1055-100G', 'HS-1030-100G']);
    expect(quantities()).toEqual(['1', '3', '4']);
  });
});

describe('pasteIntoRows', () => {
  const row = (sku: string, quantity = 1): QuickAddRow => ({ sku, quantity });

  it('uses the empty rows below the one pasted into and keeps filled ones after the block', () => {
    expect(pasteIntoRows([row('A'), row(''), row(''), row('B', 5)], 1, [{ sku: 'X', quantity: '2' }, { sku: 'Y', quantity: '' }, { sku: 'Z', quantity: '3' }], 1_000_000)).toEqual([
      row('A'),
      row('X', 2),
      row('Y'),
      row('Z', 3),
      row('B', 5),
    ]);
  });

  it(`holds at most ${MAX_QUICK_ADD_ROWS} rows`, () => {
    const pasted = Array.from({ length: 150 }, (_, index) => ({ sku: `HS-${index}`, quantity: '1' }));
    expect(pasteIntoRows([row('')], 0, pasted, 1_000_000)).toHaveLength(MAX_QUICK_ADD_ROWS);
  });
});
