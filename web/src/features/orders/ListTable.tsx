import { PAGE_SIZES } from '@livecart/contract/constants';
import { Empty, Table, type TableProps } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import type { SorterResult, TableCurrentDataSource } from 'antd/es/table/interface';
import { type HTMLAttributes, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListState } from '../../components/useListParams';
import type { ListResponse } from '../../lib/api';

const ORDER = { ASC: 'ascend', DESC: 'descend' } as const;

export interface ListTableProps<T extends object> {
  list: ListState;
  data?: ListResponse<T>;
  loading?: boolean;
  /** A sortable column sets `sorter: true`; its `key` is the API's sort column name. */
  columns: ColumnsType<T>;
  rowKey: keyof T & string;
  /** The data-testid of each row. */
  rowTestId: (row: T) => string;
  /** What an empty list says when no search or filter narrows it. */
  emptyText: string;
  expandable?: TableProps<T>['expandable'];
  testId: string;
}

/**
 * The live engine's list tables: antd Table on the URL-held list state (pages 10/25/50/100,
 * server-side sorting) like the shared DataTable, plus row test ids, expandable rows and the
 * screen's own empty text.
 */
export function ListTable<T extends object>(props: ListTableProps<T>) {
  const { list, data, loading, rowKey, rowTestId, emptyText, expandable, testId } = props;
  const { t } = useTranslation();
  const { params } = list;

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

  return (
    <div data-testid={testId}>
      <Table<T>
        rowKey={rowKey}
        columns={columns}
        dataSource={data?.items ?? []}
        loading={loading}
        onChange={onChange}
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({ 'data-testid': rowTestId(row) }) as HTMLAttributes<HTMLElement>}
        expandable={expandable}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                <span data-testid={`${testId}-empty`}>{list.filtered ? t('list.noMatch') : emptyText}</span>
              }
            />
          ),
        }}
        pagination={{
          current: Math.floor(params.offset / params.limit) + 1,
          pageSize: params.limit,
          total: data?.count ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (total) => t('list.total', { count: total }),
        }}
      />
    </div>
  );
}
