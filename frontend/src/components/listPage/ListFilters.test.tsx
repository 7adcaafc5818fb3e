import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';

import { useFilterClock } from '../../test/filterClock';
import { ListFilters, type FilterSelect } from './ListFilters';

// The one filter bar of the list pages (orders, invoices, quotes, shopping lists, purchased products); the pages'
// tests check their own fields against the server, these the bar's behaviour that they all share.

interface Filters {
  search: string;
  status: string | null;
  dateFrom: string | null;
  dateTo: string | null;
}

const NONE: Filters = { search: '', status: null, dateFrom: null, dateTo: null };
const same = (a: Filters, b: Filters) => JSON.stringify(a) === JSON.stringify(b);
const hasFilters = (filters: Filters) => !same(filters, NONE);

const settle = useFilterClock();

function Bar({ onChange, withDates = true }: { onChange(filters: Filters): void; withDates?: boolean }) {
  const [filters, setFilters] = useState(NONE);
  const status: FilterSelect<Filters> = {
    name: 'status',
    label: 'Status',
    allLabel: 'All statuses',
    value: filters.status ?? '',
    choices: [
      { value: 'open', label: 'Open' },
      { value: 'closed', label: 'Closed' },
    ],
    choose: (value) => ({ status: value || null }),
  };
  const change = (next: Filters) => {
    setFilters(next);
    onChange(next);
  };
  return (
    <ListFilters<Filters>
      filters={filters}
      onChange={change}
      onClear={() => change(NONE)}
      texts={{ label: 'Filter things', search: 'Search', searchPlaceholder: 'Name or number', clear: 'Clear filters' }}
      searchMaxLength={10}
      searchFlex="2 1 200px"
      selects={[status]}
      dateRange={withDates ? { fromLabel: 'From', toLabel: 'To', invalidText: 'The start is after the end.' } : undefined}
      same={same}
      none={NONE}
      hasFilters={hasFilters}
    />
  );
}

const user = () => userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });

describe('ListFilters', () => {
  it('is a labelled search form: typed text is applied trimmed once typing settles', async () => {
    const onChange = vi.fn();
    render(<Bar onChange={onChange} />);
    const form = screen.getByRole('search', { name: 'Filter things' });
    const search = within(form).getByRole('searchbox', { name: 'Search' });
    expect(search).toHaveAttribute('placeholder', 'Name or number');
    expect(search).toHaveAttribute('maxlength', '10');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled();

    await user().type(search, ' ethanol ');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeEnabled(); // text is typed
    await settle();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith({ ...NONE, search: 'ethanol' });
  });

  it('applies typed text on Enter at once, and a choice at once with what was typed', async () => {
    const onChange = vi.fn();
    render(<Bar onChange={onChange} />);
    const keyboard = user();
    await keyboard.type(screen.getByRole('searchbox', { name: 'Search' }), 'po-7{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ ...NONE, search: 'po-7' });

    await keyboard.type(screen.getByRole('searchbox', { name: 'Search' }), '1');
    await keyboard.click(screen.getByRole('combobox', { name: 'Status' }));
    await keyboard.click(screen.getByRole('option', { name: 'Closed' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...NONE, search: 'po-71', status: 'closed' });
    await settle();
    expect(onChange).toHaveBeenCalledTimes(2); // the pending text went with the choice
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Closed');
  });

  it('applies a date range only while it is valid, and says so under the end date', async () => {
    const onChange = vi.fn();
    render(<Bar onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-01' } });
    await settle();
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('The start is after the end.')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    await settle();
    expect(onChange).toHaveBeenLastCalledWith({ ...NONE, dateFrom: '2026-03-10', dateTo: '2026-03-31' });
  });

  it('clears the fields and the filters', async () => {
    const onChange = vi.fn();
    render(<Bar onChange={onChange} />);
    const keyboard = user();
    await keyboard.type(screen.getByRole('searchbox', { name: 'Search' }), 'x{Enter}');
    await keyboard.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onChange).toHaveBeenLastCalledWith(NONE);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
  });

  it('has no date fields on a list without dates', () => {
    render(<Bar onChange={vi.fn()} withDates={false} />);
    expect(screen.queryByLabelText('From')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
  });
});
