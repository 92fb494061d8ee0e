import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ColumnsType } from 'antd/es/table';
import { describe, expect, it, vi } from 'vitest';
import { onPhone } from '../test/phone';
import { currentLocation, renderWithApp } from '../test/render';
import { type BulkAction, DataTable } from './DataTable';
import { useListParams } from './useListParams';

interface Row {
  id: number;
  name: string;
  total: number;
}

const columns: ColumnsType<Row> = [
  { key: 'name', dataIndex: 'name', title: 'Name' },
  { key: 'total', dataIndex: 'total', title: 'Total', sorter: true },
];

function List({
  rows,
  count,
  bulk,
  emptyText,
  cards,
}: {
  rows: Row[];
  count?: number;
  bulk?: BulkAction[];
  emptyText?: string;
  /** Rows as cards on a phone. */
  cards?: boolean;
}) {
  const list = useListParams();
  return (
    <DataTable<Row>
      list={list}
      data={{ count: count ?? rows.length, items: rows }}
      columns={columns}
      rowKey="id"
      bulkActions={bulk}
      searchable
      rowTestId={(r) => `row-${r.name}`}
      emptyText={emptyText}
      testId="rows"
      phoneCard={cards ? (r) => `${r.name} · ${r.total} €` : undefined}
    />
  );
}

const rows: Row[] = [
  { id: 1, name: 'Robe', total: 10 },
  { id: 2, name: 'Jupe', total: 20 },
];

describe('DataTable', () => {
  it("says 'Table is empty' when there is nothing at all", () => {
    renderWithApp(<List rows={[]} />);
    expect(screen.getByText('Le tableau est vide')).toBeTruthy();
  });

  it("says the screen's own empty text, on `<testId>-empty`, when given one", () => {
    renderWithApp(<List rows={[]} emptyText="Nobody is waiting" />);
    expect(screen.getByTestId('rows-empty').textContent).toBe('Nobody is waiting');
  });

  it("says no record matches rather than the screen's empty text when a filter is set", () => {
    renderWithApp(<List rows={[]} emptyText="Nobody is waiting" />, {
      route: '/list?queryFilter=%7B%22country_id%22%3A3%7D',
    });
    expect(screen.getByTestId('rows-empty').textContent).toBe(
      'Aucun enregistrement ne correspond aux critères',
    );
  });

  it('gives each row the test id rowTestId returns', () => {
    renderWithApp(<List rows={rows} />);
    expect(screen.getByTestId('row-Robe').textContent).toContain('10');
    expect(screen.getByTestId('row-Jupe').textContent).toContain('20');
  });

  it('says no record matches when a filter or search is set', () => {
    renderWithApp(<List rows={[]} />, { route: '/list?queryFilter=%7B%22country_id%22%3A3%7D' });
    expect(screen.getByText('Aucun enregistrement ne correspond aux critères')).toBeTruthy();
  });

  it("a bulk action with nothing checked says 'Select at least one item'", async () => {
    const onRun = vi.fn();
    renderWithApp(<List rows={rows} bulk={[{ key: 'delete', label: 'Delete', onRun }]} />);
    fireEvent.click(screen.getByTestId('bulk-delete'));
    expect(await screen.findByText('Sélectionnez au moins un élément')).toBeTruthy();
    expect(onRun).not.toHaveBeenCalled();
  });

  it('Check all then a bulk action runs on every row; Uncheck all clears', () => {
    const onRun = vi.fn();
    renderWithApp(<List rows={rows} bulk={[{ key: 'delete', label: 'Delete', onRun }]} />);
    fireEvent.click(screen.getByTestId('check-all'));
    fireEvent.click(screen.getByTestId('bulk-delete'));
    expect(onRun).toHaveBeenCalledWith([1, 2], expect.any(Function));
    fireEvent.click(screen.getByTestId('uncheck-all'));
    fireEvent.click(screen.getByTestId('bulk-delete'));
    expect(onRun).toHaveBeenCalledTimes(1);
  });

  it('sorting and paging are written to the address', async () => {
    const { container } = renderWithApp(<List rows={rows} count={120} />, { route: '/list' });
    fireEvent.click(screen.getAllByText('Total')[0]);
    await waitFor(() => expect(currentLocation(container)).toBe('/list?column=total'));
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(currentLocation(container)).toBe('/list?offset=50&column=total'));
  });

  it('a search goes back to the first page', async () => {
    const { container } = renderWithApp(<List rows={rows} count={120} />, { route: '/list?offset=50' });
    const input = screen.getByPlaceholderText('Rechercher');
    fireEvent.change(input, { target: { value: 'robe' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(currentLocation(container)).toBe('/list?query=robe'));
  });
});

describe('useListParams', () => {
  it('a reload of a list address shows the same page and sort', () => {
    renderWithApp(<List rows={rows} count={120} />, {
      route: '/list?offset=50&limit=25&column=total&sort=ASC',
    });
    expect(screen.getByTitle('3').className).toContain('ant-pagination-item-active');
    expect(screen.getAllByText('Total')[0].closest('th')?.getAttribute('aria-sort')).toBe('ascending');
  });
});

describe('screens #9: on a phone the bulk actions fold into one menu', () => {
  onPhone();

  it('shows one "Bulk actions" button instead of a row of buttons before the first row', () => {
    renderWithApp(<List rows={rows} bulk={[{ key: 'delete', label: 'Delete', onRun: vi.fn() }]} />);
    expect(screen.getByTestId('bulk-menu').textContent).toBe('Actions groupées');
    expect(screen.queryByTestId('check-all')).toBeNull();
    expect(screen.queryByTestId('bulk-delete')).toBeNull();
  });

  it('Check all from the menu, then a bulk action from it, runs on every row', async () => {
    const onRun = vi.fn();
    renderWithApp(<List rows={rows} bulk={[{ key: 'delete', label: 'Delete', onRun }]} />);
    fireEvent.click(screen.getByTestId('bulk-menu'));
    fireEvent.click(await screen.findByTestId('check-all'));
    await waitFor(() => expect(screen.getByTestId('bulk-menu').textContent).toBe('Actions groupées (2)'));
    fireEvent.click(screen.getByTestId('bulk-menu'));
    fireEvent.click(await screen.findByTestId('bulk-delete'));
    expect(onRun).toHaveBeenCalledWith([1, 2], expect.any(Function));
  });
});

describe('orders #12: on a phone the cards are sorted from a list and a direction button', () => {
  onPhone();

  it('chooses the sort column in a labelled list and flips its direction, both written to the address', async () => {
    const { container } = renderWithApp(<List rows={rows} cards />, { route: '/list' });
    expect(screen.getByText('Robe · 10 €')).toBeTruthy();
    const sort = screen.getByRole('combobox', { name: 'Trier par' });
    fireEvent.mouseDown(sort);
    fireEvent.click(await screen.findByTitle('Total'));
    await waitFor(() => expect(currentLocation(container)).toBe('/list?column=total'));
    const direction = screen.getByTestId('list-sort-direction');
    expect(direction.getAttribute('aria-label')).toBe('Ordre décroissant, passer en croissant');
    fireEvent.click(direction);
    await waitFor(() => expect(currentLocation(container)).toBe('/list?sort=ASC&column=total'));
    expect(screen.getByTestId('list-sort-direction').getAttribute('aria-label')).toBe(
      'Ordre croissant, passer en décroissant',
    );
  });

  it('a list without sortable columns, or shown as a table, has no sort list', () => {
    renderWithApp(<List rows={rows} />);
    expect(screen.queryByTestId('list-sort')).toBeNull();
  });
});
