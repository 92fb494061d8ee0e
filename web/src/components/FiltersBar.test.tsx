import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { DayRangePicker, dayRangeFromForm, dayRangeToForm, FiltersBar } from './FiltersBar';

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
      <Form.Item name="when" label="When">
        <DayRangePicker testId="filter-when" />
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

  it('the day range goes to YYYY-MM-DD and back, either end may be empty', () => {
    expect(dayRangeFromForm(dayRangeToForm({ from: '2026-03-01', to: '2026-03-31' }))).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(dayRangeFromForm(dayRangeToForm({ from: '2026-03-01' }))).toEqual({
      from: '2026-03-01',
      to: undefined,
    });
    expect(dayRangeToForm(undefined)).toBeNull();
    expect(dayRangeFromForm(null)).toEqual({ from: undefined, to: undefined });
  });
});
