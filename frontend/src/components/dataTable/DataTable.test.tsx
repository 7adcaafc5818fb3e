import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';

import { I18nProvider } from '../../lib/i18n/I18nProvider';
import type { Language } from '../../lib/i18n/languages';
import { mobileViewport } from '../../test/viewport';
import { DataTable, type DataTableColumn, type DataTableProps, type DataTableSort } from './DataTable';

interface Flask {
  id: number;
  name: string;
  volume: number;
}

type FlaskSort = 'name' | 'volume';

const FLASKS: Flask[] = [
  { id: 1, name: 'Erlenmeyer', volume: 250 },
  { id: 2, name: 'Volumetric', volume: 100 },
  { id: 3, name: 'Round-bottom', volume: 500 },
];

const COLUMNS: DataTableColumn<Flask, FlaskSort>[] = [
  { id: 'name', header: 'Name', sortKey: 'name', rowHeader: true, card: 'title', cell: (flask) => flask.name },
  { id: 'volume', header: 'Volume', sortKey: 'volume', firstSortDirection: 'desc', align: 'right', cell: (flask) => `${flask.volume} mL` },
  { id: 'note', header: 'Note', cell: (flask) => `Flask ${flask.id}` },
];

function renderTable(overrides: Partial<DataTableProps<Flask, FlaskSort>> = {}, language: Language = 'en') {
  const handlers = { onPageChange: vi.fn(), onPageSizeChange: vi.fn(), onSortChange: vi.fn() };
  const props: DataTableProps<Flask, FlaskSort> = {
    label: 'Flasks',
    columns: COLUMNS,
    rows: FLASKS,
    getRowKey: (flask) => flask.id,
    totalCount: 42,
    page: 0,
    pageSize: 10,
    sort: { key: 'name', direction: 'asc' },
    ...handlers,
    ...overrides,
  };
  const view = render(
    <I18nProvider language={language}>
      <DataTable {...props} />
    </I18nProvider>,
  );
  return { ...view, ...handlers, user: userEvent.setup() };
}

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('DataTable', () => {
  it('renders a header per column and a row per item, the row header naming its row', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Flasks' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Volume', 'Note']);
    expect(bodyRows(table).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['250 mL', 'Flask 1'],
      ['100 mL', 'Flask 2'],
      ['500 mL', 'Flask 3'],
    ]);
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Erlenmeyer', 'Volumetric', 'Round-bottom']);
    expect(table).toHaveAttribute('aria-busy', 'false');
  });

  it('marks the sorted column with aria-sort and turns header clicks into sorts', async () => {
    const { user, onSortChange, rerender } = renderTable();
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: 'Volume' })).not.toHaveAttribute('aria-sort');
    // A column without a sort key has no button.
    expect(screen.queryByRole('button', { name: 'Note' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'name', direction: 'desc' });
    // A column's first click sorts in its own first direction.
    await user.click(screen.getByRole('button', { name: 'Volume' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'volume', direction: 'desc' });

    const descending: DataTableSort<FlaskSort> = { key: 'volume', direction: 'desc' };
    rerender(
      <I18nProvider language="en">
        <DataTable
          label="Flasks" columns={COLUMNS} rows={FLASKS} getRowKey={(flask) => flask.id} totalCount={42} page={0} pageSize={10}
          sort={descending} onSortChange={onSortChange} onPageChange={vi.fn()} onPageSizeChange={vi.fn()}
        />
      </I18nProvider>,
    );
    expect(screen.getByRole('columnheader', { name: 'Volume' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: 'Name' })).not.toHaveAttribute('aria-sort');
    await user.click(screen.getByRole('button', { name: 'Volume' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'volume', direction: 'asc' });
  });

  it('sorts from the keyboard', async () => {
    const { user, onSortChange } = renderTable();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Name' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'name', direction: 'desc' });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Volume' })).toHaveFocus();
    await user.keyboard(' ');
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'volume', direction: 'desc' });
  });

  it('pages on the server: 10, 20 or 50 rows, with translated labels', async () => {
    const { user, onPageChange, onPageSizeChange } = renderTable();
    expect(screen.getByText('1–10 of 42')).toBeInTheDocument();
    expect(screen.getByText('Rows per page')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
    await user.click(screen.getByRole('button', { name: 'Go to last page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(4);
    expect(screen.getByRole('button', { name: 'Go to previous page' })).toBeDisabled();

    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    const options = within(await screen.findByRole('listbox'));
    expect(options.getAllByRole('option').map((option) => option.textContent)).toEqual(['10', '20', '50']);
    await user.click(options.getByRole('option', { name: '50' }));
    expect(onPageSizeChange).toHaveBeenLastCalledWith(50);
  });

  it('speaks the portal language, numbers included', () => {
    renderTable({ page: 100, totalCount: 1234 }, 'de');
    expect(screen.getByText('1.001–1.010 von 1.234')).toBeInTheDocument();
    expect(screen.getByText('Zeilen pro Seite')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zur nächsten Seite' })).toBeInTheDocument();
  });

  it('shows placeholder rows and a progress bar on the first load', () => {
    renderTable({ rows: undefined, loading: true, loadingLabel: 'Loading flasks' });
    expect(screen.getByRole('progressbar', { name: 'Loading flasks' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Flasks' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    // The placeholders are hidden from assistive technology; the headers stay.
    expect(within(table).getAllByRole('row')).toHaveLength(1);
    expect(table.querySelectorAll('.MuiSkeleton-root')).toHaveLength(5 * COLUMNS.length);
    expect(screen.queryByText('Rows per page')).not.toBeInTheDocument();
  });

  it('keeps the rows shown while the next page loads', () => {
    renderTable({ loading: true });
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Flasks' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(bodyRows(table)).toHaveLength(3);
    expect(screen.getByText('1–10 of 42')).toBeInTheDocument();
  });

  it('shows the empty state instead of the table when there are no rows', () => {
    renderTable({ rows: [], totalCount: 0, emptyState: <p>No flasks yet</p> });
    expect(screen.getByText('No flasks yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('Rows per page')).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows the error state, with its retry, instead of the rows', async () => {
    const retry = vi.fn();
    const { user } = renderTable({ errorState: <button type="button" onClick={retry}>Try again</button>, loading: true });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('works as the caller’s controlled state', async () => {
    function Harness() {
      const [page, setPage] = useState(0);
      const rows = Array.from({ length: 10 }, (_, index) => ({ id: page * 10 + index + 1, name: `Flask ${page * 10 + index + 1}`, volume: 10 }));
      return (
        <DataTable
          label="Flasks" columns={COLUMNS} rows={rows} getRowKey={(flask) => flask.id} totalCount={25} page={page} pageSize={10}
          onPageChange={setPage} onPageSizeChange={vi.fn()}
        />
      );
    }
    render(<Harness />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(screen.getByText('11–20 of 25')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Flask 11' })).toBeInTheDocument();
    // Without onSortChange the headers are plain text.
    expect(screen.queryByRole('button', { name: 'Name' })).not.toBeInTheDocument();
  });

  describe('on the mobile layout', () => {
    beforeEach(mobileViewport);

    it('shows each row as a card of label: value pairs, headed by its title cells', () => {
      renderTable();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const cards = within(screen.getByRole('list', { name: 'Flasks' })).getAllByRole('listitem');
      expect(cards).toHaveLength(3);
      const first = within(cards[0]!);
      expect(first.getByText('Erlenmeyer')).toBeInTheDocument();
      expect(first.getAllByRole('term').map((term) => term.textContent)).toEqual(['Volume', 'Note']);
      expect(first.getAllByRole('definition').map((value) => value.textContent)).toEqual(['250 mL', 'Flask 1']);
      expect(screen.getByText('1–10 of 42')).toBeInTheDocument();
    });

    it('sorts with a select instead of headers', async () => {
      const { user, onSortChange } = renderTable();
      const select = screen.getByRole('combobox', { name: 'Sort by' });
      expect(select).toHaveValue('asc:name');
      expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual([
        'Name, ascending',
        'Name, descending',
        'Volume, ascending',
        'Volume, descending',
      ]);
      await user.selectOptions(select, 'Volume, descending');
      expect(onSortChange).toHaveBeenLastCalledWith({ key: 'volume', direction: 'desc' });
    });

    it('shows placeholder cards while loading and the empty state when there is nothing', () => {
      const { rerender } = renderTable({ rows: undefined, loading: true });
      expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
      expect(screen.queryByRole('list', { name: 'Flasks' })).not.toBeInTheDocument();
      expect(document.querySelectorAll('.MuiSkeleton-root').length).toBeGreaterThan(0);

      rerender(
        <DataTable
          label="Flasks" columns={COLUMNS} rows={[]} getRowKey={(flask) => flask.id} totalCount={0} page={0} pageSize={10}
          onPageChange={vi.fn()} onPageSizeChange={vi.fn()} emptyState={<p>No flasks yet</p>}
        />,
      );
      expect(screen.getByText('No flasks yet')).toBeInTheDocument();
      expect(screen.queryByRole('combobox', { name: 'Sort by' })).not.toBeInTheDocument();
    });
  });
});
