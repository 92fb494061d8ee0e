import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { dayRangeInputs, typeDayRange } from '../test/dayRange';
import { onPhone } from '../test/phone';
import { renderWithApp } from '../test/render';
import { activeFilterCount, type DayRange, DayRangeInput, FiltersBar } from './FiltersBar';

interface Filter {
  name?: string;
}
const toForm = (f: Filter) => ({ name: f.name ?? '' });
const fromForm = (v: { name: string }): Filter => ({ name: v.name.trim() || undefined });

function Bar({
  value,
  onApply,
  onReset,
}: {
  value: Filter;
  onApply: (f: Filter) => void;
  onReset: () => void;
}) {
  return (
    <FiltersBar<Filter, { name: string }>
      value={value}
      toForm={toForm}
      fromForm={fromForm}
      onApply={onApply}
      onReset={onReset}
      testId="test-filters"
    >
      <Form.Item name="name" label="Name">
        <Input data-testid="filter-name" />
      </Form.Item>
    </FiltersBar>
  );
}

interface DaysFilter {
  status?: string;
  created_at?: DayRange;
}

/** A bar whose form holds the filter itself: a text and a day range. */
function DaysBar({ value, onApply }: { value: DaysFilter; onApply: (f: DaysFilter) => void }) {
  return (
    <FiltersBar<DaysFilter> value={value} onApply={onApply} onReset={vi.fn()} testId="days-filters">
      <Form.Item name="status" label="Status">
        <Input data-testid="filter-status" />
      </Form.Item>
      <Form.Item name="created_at" label="Created">
        <DayRangeInput testId="filter-created-at" />
      </Form.Item>
    </FiltersBar>
  );
}

describe('FiltersBar', () => {
  it('Apply sends the filter the form holds; Reset asks for the list to be cleared', async () => {
    const onApply = vi.fn();
    const onReset = vi.fn();
    renderWithApp(<Bar value={{ name: 'robe' }} onApply={onApply} onReset={onReset} />);
    const input = screen.getByTestId('filter-name') as HTMLInputElement;
    expect(input.value).toBe('robe');
    fireEvent.change(input, { target: { value: ' jupe ' } });
    fireEvent.click(screen.getByTestId('filters-apply'));
    await waitFor(() => expect(onApply).toHaveBeenCalledWith({ name: 'jupe' }));
    fireEvent.click(screen.getByTestId('filters-reset'));
    expect(onReset).toHaveBeenCalledTimes(1);
  });

  it('shows the applied filter again when it changes', () => {
    function Host() {
      const [value, setValue] = useState<Filter>({ name: 'robe' });
      return (
        <>
          <button type="button" onClick={() => setValue({ name: 'sac' })} data-testid="apply-elsewhere" />
          <Bar value={value} onApply={vi.fn()} onReset={vi.fn()} />
        </>
      );
    }
    renderWithApp(<Host />);
    fireEvent.change(screen.getByTestId('filter-name'), { target: { value: 'typed' } });
    fireEvent.click(screen.getByTestId('apply-elsewhere'));
    expect((screen.getByTestId('filter-name') as HTMLInputElement).value).toBe('sac');
  });
});

// The web suite runs in New York (vitest.config.ts): a day must stay the day typed, not the
// day before or after in another zone.
describe('FiltersBar day ranges', () => {
  it('shows the applied days as DD/MM/YYYY, either end empty', () => {
    renderWithApp(<DaysBar value={{ created_at: { from: '2025-07-01' } }} onApply={vi.fn()} />);
    const { from, to } = dayRangeInputs('filter-created-at');
    expect(from.value).toBe('01/07/2025');
    expect(to.value).toBe('');
  });

  it('sends the days typed DD/MM/YYYY as YYYY-MM-DD, with the other filters as they are', async () => {
    const onApply = vi.fn();
    renderWithApp(<DaysBar value={{}} onApply={onApply} />);
    fireEvent.change(screen.getByTestId('filter-status'), { target: { value: 'payed' } });
    await typeDayRange('filter-created-at', { from: '01/07/2025', to: '31/07/2025' });
    fireEvent.click(screen.getByTestId('filters-apply'));
    await waitFor(() =>
      expect(onApply).toHaveBeenCalledWith({
        status: 'payed',
        created_at: { from: '2025-07-01', to: '2025-07-31' },
      }),
    );
  });

  it('sends one end alone when the other stays empty', async () => {
    const onApply = vi.fn();
    renderWithApp(<DaysBar value={{}} onApply={onApply} />);
    await typeDayRange('filter-created-at', { to: '31/12/2025' });
    fireEvent.click(screen.getByTestId('filters-apply'));
    await waitFor(() => expect(onApply).toHaveBeenCalledTimes(1));
    expect(onApply.mock.calls[0][0].created_at).toEqual({ from: undefined, to: '2025-12-31' });
  });

  it('keeps an applied range untouched when only another filter changes', async () => {
    const onApply = vi.fn();
    renderWithApp(
      <DaysBar value={{ created_at: { from: '2025-03-30', to: '2025-10-26' } }} onApply={onApply} />,
    );
    fireEvent.change(screen.getByTestId('filter-status'), { target: { value: 'new' } });
    fireEvent.click(screen.getByTestId('filters-apply'));
    await waitFor(() =>
      expect(onApply).toHaveBeenCalledWith({
        status: 'new',
        created_at: { from: '2025-03-30', to: '2025-10-26' },
      }),
    );
  });
});

/** The drawer the filters wait in on a phone, if any (open or not). */
const drawerOf = (el: HTMLElement) => el.closest('.ant-drawer');
const isOpen = (drawer: Element | null) => !!drawer?.classList.contains('ant-drawer-open');

describe('screens #9: on a phone the filters wait in a drawer behind a Filters button', () => {
  onPhone();

  it('shows only the Filters button above the list, with how many filters are applied', () => {
    renderWithApp(
      <DaysBar value={{ status: 'payed', created_at: { from: '2025-07-01' } }} onApply={vi.fn()} />,
    );
    const open = screen.getByTestId('filters-open');
    expect(open.textContent).toBe('Filtres (2)');
    expect(open.getAttribute('data-active-count')).toBe('2');
    expect(open.getAttribute('aria-expanded')).toBe('false');
    // the form is there (its values kept) but in the closed drawer, not before the list
    const form = screen.getByTestId('days-filters');
    expect(drawerOf(form)).not.toBeNull();
    expect(isOpen(drawerOf(form))).toBe(false);
    expect((screen.getByTestId('filter-status') as HTMLInputElement).value).toBe('payed');
  });

  it('says just "Filters" when none is applied', () => {
    renderWithApp(<DaysBar value={{}} onApply={vi.fn()} />);
    expect(screen.getByTestId('filters-open').textContent).toBe('Filtres');
    expect(screen.getByTestId('filters-open').getAttribute('data-active-count')).toBe('0');
  });

  it('opens the drawer with each filter labelled; Apply sends the filter and closes it', async () => {
    const onApply = vi.fn();
    renderWithApp(<DaysBar value={{}} onApply={onApply} />);
    fireEvent.click(screen.getByTestId('filters-open'));
    const form = screen.getByTestId('days-filters');
    await waitFor(() => expect(isOpen(drawerOf(form))).toBe(true));
    expect(screen.getByTestId('filters-open').getAttribute('aria-expanded')).toBe('true');
    // each input keeps its label (a vertical form: the label above its input)
    expect(screen.getByLabelText('Status')).toBe(screen.getByTestId('filter-status'));
    fireEvent.change(screen.getByTestId('filter-status'), { target: { value: 'new' } });
    await typeDayRange('filter-created-at', { from: '01/07/2025' });
    fireEvent.click(screen.getByTestId('filters-apply'));
    await waitFor(() =>
      expect(onApply).toHaveBeenCalledWith({
        status: 'new',
        created_at: { from: '2025-07-01', to: undefined },
      }),
    );
    await waitFor(() => expect(isOpen(drawerOf(form))).toBe(false));
  });

  it('Reset in the drawer clears the list and closes the drawer', async () => {
    const onReset = vi.fn();
    renderWithApp(<Bar value={{ name: 'robe' }} onApply={vi.fn()} onReset={onReset} />);
    fireEvent.click(screen.getByTestId('filters-open'));
    const form = screen.getByTestId('test-filters');
    await waitFor(() => expect(isOpen(drawerOf(form))).toBe(true));
    fireEvent.click(screen.getByTestId('filters-reset'));
    expect(onReset).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(isOpen(drawerOf(form))).toBe(false));
  });
});

describe('screens #9: on a wide screen the filters stand inline above the list', () => {
  it('shows the form itself, with no Filters button', () => {
    renderWithApp(<Bar value={{ name: 'robe' }} onApply={vi.fn()} onReset={vi.fn()} />);
    expect(drawerOf(screen.getByTestId('test-filters'))).toBeNull();
    expect(screen.queryByTestId('filters-open')).toBeNull();
  });
});

describe('activeFilterCount', () => {
  it('counts each filter set once, a range with either end set, and nothing empty', () => {
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ name: '', status: undefined, ids: [], price: {} })).toBe(0);
    expect(activeFilterCount({ price: { min: 0 } })).toBe(1);
    expect(activeFilterCount({ created_at: { from: '2025-07-01', to: '2025-07-31' }, country_id: 75 })).toBe(
      2,
    );
    expect(activeFilterCount({ ids: [3], created_at: { to: '2025-07-31' }, status: 'all' })).toBe(3);
  });
});
