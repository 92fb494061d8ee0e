import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { dayRangeInputs, typeDayRange } from '../test/dayRange';
import { renderWithApp } from '../test/render';
import { type DayRange, DayRangeInput, FiltersBar } from './FiltersBar';

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
