import { expect, type Locator, type Page } from '@playwright/test';

/** One screen built on the shared list (DataTable, with its FiltersBar when it has filters). */
export interface ListScreen {
  /** Where the screen lives, without the locale prefix. */
  path: string;
  /** The data-testid of the DataTable. */
  table: string;
  /** The data-testid of the filters form, when the screen has one. */
  filters?: string;
  /** The data-testid of a row, or of an element inside it, without the row's key. */
  rowPrefix?: string;
}

/** The list screens of SPEC §2 the suite drives. */
export const LISTS = {
  inventory: { path: '/inventory', table: 'products-table', filters: 'products-filters' },
  liveSessions: {
    path: '/liveselling',
    table: 'live-sessions-table',
    filters: 'live-sessions-filters',
    rowPrefix: 'live-session-row-',
  },
  liveCarts: { path: '/liveorders', table: 'live-carts-table', rowPrefix: 'cart-row-' },
  waitingList: {
    path: '/waiting-list',
    table: 'waiting-table',
    filters: 'waiting-filters',
    rowPrefix: 'waiting-row-',
  },
  payments: {
    path: '/payments',
    table: 'payments-table',
    filters: 'payments-filters',
    rowPrefix: 'payment-row-',
  },
  sellers: { path: '/sellers', table: 'sellers-table', filters: 'sellers-filters' },
  orders: { path: '/orders', table: 'orders-table', filters: 'orders-filters', rowPrefix: 'order-' },
} satisfies Record<string, ListScreen>;

/**
 * A list screen as a person uses it: rows, filters applied and reset, rows checked for a bulk
 * action, pages and page sizes, sorting by a column. The list's state lives in the address, so
 * applying, resetting and paging wait for the address to follow.
 */
export class ListPage {
  readonly table: Locator;
  /** The data rows of the current page (not the empty-list row). */
  readonly rows: Locator;
  /** The rows checked for a bulk action. */
  readonly checked: Locator;
  /** What an empty list says (`Table is empty`, or `no match` when filtered). */
  readonly empty: Locator;
  /** The pager's "Total: n". */
  readonly total: Locator;

  constructor(
    readonly page: Page,
    readonly screen: ListScreen,
  ) {
    this.table = page.getByTestId(screen.table);
    this.rows = this.table.locator('tbody tr.ant-table-row');
    this.checked = this.table.locator('tbody tr.ant-table-row-selected');
    this.empty = page.getByTestId(`${screen.table}-empty`);
    this.total = this.table.locator('.ant-pagination-total-text');
  }

  /** Opens the screen and waits for its first answer. */
  async open() {
    await this.page.goto(this.screen.path);
    await this.settled();
  }

  /** Waits until the table shows its data: no loading veil over it. */
  async settled() {
    await expect(this.table).toBeVisible();
    await expect(this.table.locator('.ant-spin-blur')).toHaveCount(0);
  }

  /** The row whose test id (on the row or inside it) is the screen's prefix followed by `key`. */
  row(key: string | number) {
    const id = `${this.screen.rowPrefix ?? ''}${key}`;
    return this.table.locator(
      `tr.ant-table-row[data-testid="${id}"], tr.ant-table-row:has([data-testid="${id}"])`,
    );
  }

  /** The rows that show `text`. */
  rowsWith(text: string | RegExp) {
    return this.rows.filter({ hasText: text });
  }

  /** A field of the filters form, by its test id (`filter-product-name`). */
  filter(testId: string) {
    return this.filtersForm().getByTestId(testId);
  }

  /** Types the min and max of a range filter (`filter-total-orders`); an absent end stays empty. */
  async fillRange(testId: string, range: { min?: number; max?: number }) {
    const inputs = this.filter(testId).locator('input');
    if (range.min !== undefined) await inputs.nth(0).fill(String(range.min));
    if (range.max !== undefined) await inputs.nth(1).fill(String(range.max));
  }

  /** Applies the filters form: the filter joins the address and the list answers it. */
  async applyFilters() {
    await this.filtersForm().getByTestId('filters-apply').click();
    await expect(this.page).toHaveURL(/[?&]queryFilter=/);
    await this.settled();
  }

  /** Resets the filters: they leave the address, and the form shows them empty again. */
  async resetFilters() {
    await this.filtersForm().getByTestId('filters-reset').click();
    await expect(this.page).not.toHaveURL(/[?&]queryFilter=/);
    await this.settled();
  }

  /** Checks every row of the current page. */
  async checkAll() {
    await this.table.getByTestId('check-all').click();
  }

  async uncheckAll() {
    await this.table.getByTestId('uncheck-all').click();
  }

  /** Ticks the checkbox of one row. */
  async check(row: Locator) {
    await row.locator('.ant-table-selection-column input[type="checkbox"]').check();
  }

  /** Runs a bulk action over the checked rows, by its button's test id (`bulk-delete`). */
  async bulk(testId: string) {
    await this.table.getByTestId(testId).click();
  }

  /** Chooses how many rows a page shows (10, 25, 50 or 100). */
  async setPageSize(size: number) {
    await this.table.locator('.ant-pagination-options .ant-select').click();
    await this.page.locator('.ant-select-dropdown:visible').getByTitle(`${size} / page`).click();
    await expect(this.page).toHaveURL(new RegExp(`[?&]limit=${size}(&|$)`));
    await this.settled();
  }

  /** Goes to page `n` of the list through the pager. */
  async goToPage(n: number) {
    await this.table.locator(`.ant-pagination-item-${n}`).click();
    await expect(this.table.locator('.ant-pagination-item-active')).toHaveText(String(n));
    await this.settled();
  }

  /**
   * Sorts by the column with the header `title`. Each click moves the column's order one step:
   * descending, ascending, then back to the list's default order.
   */
  async sortBy(title: string, order: 'descending' | 'ascending') {
    const header = this.table.locator('thead th.ant-table-column-has-sorters', { hasText: title });
    const next = (s: string | null) =>
      s === 'descending' ? 'ascending' : s === 'ascending' ? null : 'descending';
    let state = await header.getAttribute('aria-sort');
    while (state !== order) {
      state = next(state);
      await header.click();
      if (state) await expect(header).toHaveAttribute('aria-sort', state);
      else await expect(header).not.toHaveAttribute('aria-sort', /./);
    }
    await this.settled();
  }

  private filtersForm() {
    if (!this.screen.filters) throw new Error(`${this.screen.path} has no filters form`);
    return this.page.getByTestId(this.screen.filters);
  }
}
