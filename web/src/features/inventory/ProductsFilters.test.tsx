import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import { ProductsFilters } from './ProductsFilters';

describe('Products filters', () => {
  it('shows the applied filter and applies the name trimmed, the other filters as they are', async () => {
    const onApply = vi.fn();
    const onReset = vi.fn();
    renderWithApp(
      <ProductsFilters
        value={{ product_name: 'robe', price: { min: 10 } }}
        onApply={onApply}
        onReset={onReset}
      />,
    );
    const name = screen.getByTestId('filter-product-name') as HTMLInputElement;
    expect(name.value).toBe('robe');
    fireEvent.change(name, { target: { value: '  jupe  ' } });
    fireEvent.click(screen.getByTestId('filters-apply'));
    await waitFor(() => expect(onApply).toHaveBeenCalledTimes(1));
    expect(onApply.mock.calls[0][0]).toMatchObject({ product_name: 'jupe', price: { min: 10 } });
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('filters-apply'));
    await waitFor(() => expect(onApply).toHaveBeenCalledTimes(2));
    expect(onApply.mock.calls[1][0].product_name).toBeUndefined();
    fireEvent.click(screen.getByTestId('filters-reset'));
    expect(onReset).toHaveBeenCalledTimes(1);
  });
});
