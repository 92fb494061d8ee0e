import { ArrowDownOutlined, ArrowUpOutlined, DownOutlined } from '@ant-design/icons';
import { PAGE_SIZES } from '@livecart/contract/constants';
import {
  Button,
  Checkbox,
  Dropdown,
  Empty,
  Input,
  Pagination,
  Select,
  Space,
  Spin,
  Table,
  type TableProps,
} from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import type { SorterResult, TableCurrentDataSource } from 'antd/es/table/interface';
import { type HTMLAttributes, type Key, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../app/notify';
import { useIsPhone } from '../app/useIsPhone';
import type { ListResponse } from '../lib/api';
import type { ListState } from './useListParams';

export interface BulkAction {
  key: string;
  label: string;
  danger?: boolean;
  /** The button's data-testid (default `bulk-<key>`). */
  testId?: string;
  /** The error toast when nothing is checked (default 'Select at least one item'). */
  noneMessage?: string;
  /** Runs on the checked row keys, never called with none; `uncheck` clears them once done. */
  onRun: (keys: Key[], uncheck: () => void) => void;
}

export interface DataTableProps<T extends object> {
  list: ListState;
  data?: ListResponse<T>;
  loading?: boolean;
  /** A sortable column sets `sorter: true`; its `key` is the API's sort column name. */
  columns: ColumnsType<T>;
  rowKey: keyof T & string;
  /** Row checkboxes with Check all / Uncheck all; implied by bulkActions. */
  selectable?: boolean;
  bulkActions?: BulkAction[];
  /** The filters bar, shown above the table. */
  filters?: ReactNode;
  /** A search box bound to the list's `query`. */
  searchable?: boolean;
  /** The data-testid of the wrapper; the empty text carries `<testId>-empty`. */
  testId?: string;
  /** The data-testid of each row. */
  rowTestId?: (row: T) => string;
  /** What an empty list says when no search or filter narrows it (default 'Table is empty'). */
  emptyText?: string;
  expandable?: TableProps<T>['expandable'];
  /** The rows' padding: `middle` for a list of many columns that must fit a laptop's width. */
  size?: TableProps<T>['size'];
  /**
   * On a phone, each row as a card holding its essentials and actions instead of a table row
   * (the card carries the row's `rowTestId`), so nothing is cut off at the screen's right edge.
   */
  phoneCard?: (row: T) => ReactNode;
  /** What a card's checkbox checks, for screen readers (`Check LC7KQ2M9XW`); the row key else. */
  rowLabel?: (row: T) => string;
}

const ORDER = { ASC: 'ascend', DESC: 'descend' } as const;

/**
 * The shared list screen on antd Table: pages, page sizes 10/25/50/100, server-side sorting, search,
 * a filters slot and bulk actions over checked rows. Its state lives in the URL (useListParams).
 */
export function DataTable<T extends object>(props: DataTableProps<T>) {
  const {
    list,
    data,
    loading,
    rowKey,
    bulkActions = [],
    filters,
    searchable,
    rowTestId,
    emptyText,
    expandable,
    size,
    phoneCard,
    rowLabel,
  } = props;
  const testId = props.testId ?? 'data-table';
  const { t } = useTranslation();
  const phone = useIsPhone();
  const { params } = list;
  const [checked, setChecked] = useState<Key[]>([]);
  const selectable = props.selectable || bulkActions.length > 0;
  const items = data?.items ?? [];
  const paramsKey = JSON.stringify(params);

  // a new page, sort or filter starts with nothing checked
  // biome-ignore lint/correctness/useExhaustiveDependencies: paramsKey stands for every list parameter
  useEffect(() => setChecked([]), [paramsKey]);

  const columns = useMemo(
    () =>
      props.columns.map((c) =>
        c.sorter
          ? {
              ...c,
              sortOrder: c.key === params.column ? ORDER[params.sort] : null,
              sortDirections: ['descend', 'ascend'] as ('descend' | 'ascend')[],
            }
          : c,
      ),
    [props.columns, params.column, params.sort],
  );

  const onChange = (
    pagination: TablePaginationConfig,
    _filters: unknown,
    sorter: SorterResult<T> | SorterResult<T>[],
    extra: TableCurrentDataSource<T>,
  ) => {
    if (extra.action === 'paginate') {
      list.setPage(pagination.current ?? 1, pagination.pageSize ?? params.limit);
    } else if (extra.action === 'sort') {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      const order = s?.order === 'ascend' ? 'ASC' : s?.order === 'descend' ? 'DESC' : undefined;
      list.setSort(s?.columnKey === undefined ? undefined : String(s.columnKey), order);
    }
  };

  const pagination = {
    current: Math.floor(params.offset / params.limit) + 1,
    pageSize: params.limit,
    total: data?.count ?? 0,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES.map(String),
    showTotal: (total: number) => t('list.total', { count: total }),
  };
  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <span data-testid={`${testId}-empty`}>
          {list.filtered ? t('list.noMatch') : (emptyText ?? t('list.empty'))}
        </span>
      }
    />
  );

  const runBulk = (action: BulkAction) => {
    if (checked.length === 0) {
      toast('error', action.noneMessage ?? t('errors.select_item'));
      return;
    }
    action.onRun(checked, () => setChecked([]));
  };

  // on a phone the bulk actions fold into one menu beside the filters, so the first rows stay in view
  const bulkMenu = selectable && phone && (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          {
            key: 'check-all',
            label: <span data-testid="check-all">{t('list.checkAll')}</span>,
            onClick: () => setChecked(items.map((r) => r[rowKey] as Key)),
          },
          {
            key: 'uncheck-all',
            label: <span data-testid="uncheck-all">{t('list.uncheckAll')}</span>,
            onClick: () => setChecked([]),
          },
          ...(bulkActions.length > 0 ? [{ type: 'divider' as const }] : []),
          ...bulkActions.map((a) => ({
            key: a.key,
            danger: a.danger,
            label: <span data-testid={a.testId ?? `bulk-${a.key}`}>{a.label}</span>,
            onClick: () => runBulk(a),
          })),
        ],
      }}
    >
      <Button data-testid="bulk-menu">
        {checked.length > 0 ? t('list.bulkMenuCount', { count: checked.length }) : t('list.bulkMenu')}
        <DownOutlined />
      </Button>
    </Dropdown>
  );

  // On a phone the cards have no column headers: the sort is chosen in a list and a direction button.
  const sortable = props.columns.filter((c) => c.sorter && c.key !== undefined);
  const descending = params.sort !== 'ASC';
  const phoneSort = phone && phoneCard && sortable.length > 0 && (
    <Space.Compact>
      <Select
        aria-label={t('list.sortBy')}
        // the default order (newest first) may be by a column the cards do not show
        value={sortable.some((c) => c.key === params.column) ? params.column : undefined}
        placeholder={t('list.sortBy')}
        onChange={(column: string) => list.setSort(column, params.sort)}
        options={sortable.map((c) => ({
          value: String(c.key),
          label: typeof c.title === 'string' ? c.title : String(c.key),
        }))}
        style={{ minWidth: 170 }}
        data-testid="list-sort"
      />
      <Button
        aria-label={descending ? t('list.sortDescending') : t('list.sortAscending')}
        title={descending ? t('list.sortDescending') : t('list.sortAscending')}
        icon={descending ? <ArrowDownOutlined /> : <ArrowUpOutlined />}
        onClick={() => list.setSort(params.column, descending ? 'ASC' : 'DESC')}
        data-testid="list-sort-direction"
      />
    </Space.Compact>
  );

  return (
    <div data-testid={testId}>
      {(filters || searchable || bulkMenu || phoneSort) && (
        <div className="list-toolbar">
          {searchable && (
            <Input.Search
              key={params.query}
              defaultValue={params.query}
              allowClear
              placeholder={t('list.search')}
              onSearch={list.setQuery}
              style={{ maxWidth: 320 }}
              data-testid="list-search"
            />
          )}
          {filters}
          {phoneSort}
          {bulkMenu}
        </div>
      )}
      {selectable && !phone && (
        <Space wrap className="list-bulk">
          <Button
            size="small"
            onClick={() => setChecked(items.map((r) => r[rowKey] as Key))}
            data-testid="check-all"
          >
            {t('list.checkAll')}
          </Button>
          <Button size="small" onClick={() => setChecked([])} data-testid="uncheck-all">
            {t('list.uncheckAll')}
          </Button>
          {bulkActions.map((a) => (
            <Button
              key={a.key}
              size="small"
              danger={a.danger}
              onClick={() => runBulk(a)}
              data-testid={a.testId ?? `bulk-${a.key}`}
            >
              {a.label}
            </Button>
          ))}
        </Space>
      )}
      {phone && phoneCard ? (
        <Spin spinning={!!loading}>
          {items.length === 0 ? (
            empty
          ) : (
            <ul className="list-cards">
              {items.map((row) => {
                const key = row[rowKey] as Key;
                const on = checked.includes(key);
                return (
                  <li
                    key={String(key)}
                    className={on ? 'list-card list-card-checked' : 'list-card'}
                    data-testid={rowTestId?.(row)}
                  >
                    {selectable && (
                      <Checkbox
                        className="list-card-check"
                        checked={on}
                        onChange={(e) =>
                          setChecked((keys) =>
                            e.target.checked ? [...keys, key] : keys.filter((k) => k !== key),
                          )
                        }
                        aria-label={t('list.selectRow', { name: rowLabel?.(row) ?? String(key) })}
                      />
                    )}
                    <div className="list-card-body">{phoneCard(row)}</div>
                  </li>
                );
              })}
            </ul>
          )}
          <Pagination
            {...pagination}
            size="small"
            className="list-cards-pager"
            onChange={(page, pageSize) => list.setPage(page, pageSize)}
          />
        </Spin>
      ) : (
        <Table<T>
          rowKey={rowKey}
          size={size}
          columns={columns}
          dataSource={items}
          loading={loading}
          onChange={onChange}
          scroll={{ x: 'max-content' }}
          rowSelection={
            selectable ? { selectedRowKeys: checked, onChange: (keys) => setChecked(keys) } : undefined
          }
          onRow={rowTestId && ((row) => ({ 'data-testid': rowTestId(row) }) as HTMLAttributes<HTMLElement>)}
          expandable={
            expandable && {
              // the column of expand buttons gets a header screen readers can read
              columnTitle: <span className="visually-hidden">{t('list.details')}</span>,
              ...expandable,
            }
          }
          locale={{ emptyText: empty }}
          pagination={pagination}
        />
      )}
    </div>
  );
}
