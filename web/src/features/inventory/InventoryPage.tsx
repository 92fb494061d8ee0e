import {
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  MoreOutlined,
  PictureOutlined,
  PlusOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { CSV_MAX_BYTES } from '@livecart/contract/constants';
import type { TCsvProblem } from '@livecart/contract/products';
import type { ButtonProps } from 'antd';
import { App, Avatar, Button, Dropdown, Space, Tabs, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type Key, lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatEuros } from '../../app/format';
import { errorText } from '../../app/i18n';
import { toast } from '../../app/notify';
import { useIsPhone } from '../../app/useIsPhone';
import { LocaleLink, useLocale, useLocalePath } from '../../app/useLocale';
import { DataTable } from '../../components/DataTable';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { useListParams } from '../../components/useListParams';
import {
  csvReport,
  PRODUCTS_DEFAULTS,
  type TProductRow,
  useCopyProducts,
  useDeleteProducts,
  useImportProducts,
  useProductAdditional,
  useProducts,
} from './api';
import { CsvImportModal } from './CsvImportModal';
import { nameOf } from './options';
import { type ProductsFilter, ProductsFilters } from './ProductsFilters';

const ShopSyncTab = lazy(() => import('../shops/ShopSyncTab'));

/** The tabs of /inventory; `?tab=shops` opens the shop sync, products is the default. */
const TABS = ['products', 'shops'] as const;
type InventoryTab = (typeof TABS)[number];

/** `12 €`, or `12 € – 15 €` when the configurations have different prices. */
export const priceText = (min: number, max: number) =>
  max > min ? `${formatEuros(min)} – ${formatEuros(max)}` : formatEuros(min);

/**
 * /inventory: the products list with filters, copy and delete, add product and CSV import; the
 * shop sync in its own tab.
 */
export default function InventoryPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const phone = useIsPhone();
  const { modal } = App.useApp();
  const list = useListParams(PRODUCTS_DEFAULTS);
  const products = useProducts(list.params);
  const additional = useProductAdditional();
  const remove = useDeleteProducts();
  const copy = useCopyProducts();
  const importCsv = useImportProducts();
  const [importOpen, setImportOpen] = useState(false);
  const [report, setReport] = useState<TCsvProblem[] | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const [search, setSearch] = useSearchParams();
  const tabParam = search.get('tab') as InventoryTab | null;
  const tab: InventoryTab = tabParam && TABS.includes(tabParam) ? tabParam : 'products';
  const setTab = (next: string) =>
    setSearch((prev) => {
      const params = new URLSearchParams(prev);
      if (next === 'products') {
        // the shop sync's open log belongs to its tab
        for (const k of ['tab', 'log', 'logStatus', 'logPage']) params.delete(k);
      } else params.set('tab', next);
      return params;
    });

  const columns = useMemo<ColumnsType<TProductRow>>(() => {
    const confirmDelete = (p: TProductRow) =>
      modal.confirm({
        title: t('inventory.deleteTitle'),
        content: t('inventory.deleteText', { name: p.name }),
        okText: t('inventory.confirmDelete'),
        okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as ButtonProps,
        cancelText: t('inventory.cancel'),
        onOk: () => remove.mutateAsync([p.id]).then(() => toast('success', t('messages.productDeleted'))),
      });
    const copyOne = (p: TProductRow) =>
      copy.mutate([p.id], { onSuccess: () => toast('success', t('messages.productCopied')) });
    const photo = (p: TProductRow, size: number) => (
      <Avatar
        shape="square"
        size={size}
        src={p.photo?.thumb_url}
        icon={<PictureOutlined />}
        data-testid="product-photo"
      />
    );
    const product = (p: TProductRow) => (
      <div style={{ maxWidth: phone ? 150 : 300 }}>
        {p.sku && <Typography.Text type="secondary">{p.sku}</Typography.Text>}
        <div>
          <LocaleLink to={`/inventory/${p.id}`} data-testid="product-name">
            <strong>{p.name}</strong>
          </LocaleLink>
        </div>
        <Typography.Text type="secondary" ellipsis style={{ maxWidth: phone ? 150 : 300 }}>
          {p.description}
        </Typography.Text>
      </div>
    );
    // on a phone the photo sits beside the name and the actions fold into one menu, so the name
    // of each product stays in view beside its checkbox and its actions
    return [
      ...(phone
        ? []
        : [
            {
              key: 'photo',
              title: t('inventory.photo'),
              width: 72,
              render: (_: unknown, p: TProductRow) => photo(p, 48),
            },
          ]),
      {
        key: 'products.name',
        title: t('inventory.product'),
        sorter: true,
        render: (_: unknown, p) =>
          phone ? (
            <Space align="start" size={8}>
              {photo(p, 36)}
              {product(p)}
            </Space>
          ) : (
            product(p)
          ),
      },
      {
        key: 'isPublish',
        title: t('inventory.active'),
        render: (_: unknown, p) =>
          p.isPublish ? (
            <Tag color="green">{t('inventory.published')}</Tag>
          ) : (
            <Tag>{t('inventory.unpublished')}</Tag>
          ),
      },
      {
        key: 'colors',
        title: t('inventory.color'),
        render: (_: unknown, p) => (
          <Space size={4} wrap>
            {p.colors.map((c) => (
              <Tag key={c.id}>
                <span className="color-dot" style={{ background: c.hex }} />
                {nameOf(c, locale)}
              </Tag>
            ))}
          </Space>
        ),
      },
      {
        key: 'sizes',
        title: t('inventory.size'),
        render: (_: unknown, p) => p.sizes.map((s) => nameOf(s, locale)).join(', '),
      },
      {
        key: 'quantity',
        dataIndex: 'quantity',
        title: t('inventory.quantity'),
        sorter: true,
        align: 'right',
      },
      {
        key: 'price',
        title: t('inventory.price'),
        sorter: true,
        align: 'right',
        render: (_: unknown, p) => (
          <span style={{ whiteSpace: 'nowrap' }}>{priceText(p.price, p.price_max)}</span>
        ),
      },
      {
        key: 'actions',
        title: phone ? '' : t('inventory.actions'),
        fixed: 'right',
        render: (_: unknown, p) =>
          phone ? (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  {
                    key: 'edit',
                    icon: <EditOutlined />,
                    label: <span data-testid="product-edit">{t('inventory.edit')}</span>,
                    onClick: () => navigate(lp(`/inventory/${p.id}`)),
                  },
                  {
                    key: 'copy',
                    icon: <CopyOutlined />,
                    label: <span data-testid="product-copy">{t('inventory.copy')}</span>,
                    onClick: () => copyOne(p),
                  },
                  {
                    key: 'delete',
                    icon: <DeleteOutlined />,
                    danger: true,
                    label: <span data-testid="product-delete">{t('inventory.delete')}</span>,
                    onClick: () => confirmDelete(p),
                  },
                ],
              }}
            >
              <Button
                type="text"
                icon={<MoreOutlined />}
                aria-label={t('inventory.actionsOf', { name: p.name })}
                data-testid="product-actions"
              />
            </Dropdown>
          ) : (
            <Space size={0}>
              <Tooltip title={t('inventory.edit')}>
                <Button
                  type="text"
                  icon={<EditOutlined />}
                  aria-label={t('inventory.edit')}
                  onClick={() => navigate(lp(`/inventory/${p.id}`))}
                  data-testid="product-edit"
                />
              </Tooltip>
              <Tooltip title={t('inventory.copy')}>
                <Button
                  type="text"
                  icon={<CopyOutlined />}
                  aria-label={t('inventory.copy')}
                  onClick={() => copyOne(p)}
                  data-testid="product-copy"
                />
              </Tooltip>
              <Tooltip title={t('inventory.delete')}>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('inventory.delete')}
                  onClick={() => confirmDelete(p)}
                  data-testid="product-delete"
                />
              </Tooltip>
            </Space>
          ),
      },
    ];
  }, [t, locale, lp, navigate, modal, remove, copy, phone]);

  const bulk = (keys: Key[], kind: 'copy' | 'delete') => {
    const ids = keys.map(Number);
    modal.confirm({
      title: t(kind === 'copy' ? 'inventory.bulkCopyTitle' : 'inventory.bulkDeleteTitle'),
      content: t(kind === 'copy' ? 'inventory.bulkCopyText' : 'inventory.bulkDeleteText', {
        count: ids.length,
      }),
      okText: t(kind === 'copy' ? 'inventory.confirmCopy' : 'inventory.confirmDelete'),
      okButtonProps: { danger: kind === 'delete', 'data-testid': 'confirm-ok' } as ButtonProps,
      cancelText: t('inventory.cancel'),
      onOk: () =>
        kind === 'copy'
          ? copy
              .mutateAsync(ids)
              .then(() =>
                toast('success', t(ids.length > 1 ? 'messages.productsCopied' : 'messages.productCopied')),
              )
          : remove
              .mutateAsync(ids)
              .then(() =>
                toast('success', t(ids.length > 1 ? 'messages.productsDeleted' : 'messages.productDeleted')),
              ),
    });
  };

  const onImport = (file: File) => {
    setReport(null);
    setImportError(null);
    // the server refuses it too (413 csv_too_large); no need to send 20 MB to hear it
    if (file.size > CSV_MAX_BYTES) {
      setImportError(t('errors.csv_too_large'));
      return;
    }
    importCsv.mutate(file, {
      onSuccess: (r) => {
        toast(
          'success',
          r.imported === 1
            ? t('messages.productImported')
            : t('messages.productsImported', { count: r.imported }),
        );
        setImportOpen(false);
      },
      onError: (e) => {
        const rows = csvReport(e);
        setReport(rows);
        if (!rows) setImportError(errorText(t, e));
      },
    });
  };

  const productsTab = (
    <>
      {products.isPending && <FullScreenLoader />}
      <DataTable<TProductRow>
        list={list}
        data={products.data}
        loading={products.isFetching}
        columns={columns}
        rowKey="id"
        testId="products-table"
        bulkActions={[
          { key: 'copy', label: t('inventory.bulkCopy'), onRun: (keys) => bulk(keys, 'copy') },
          {
            key: 'delete',
            label: t('inventory.bulkDelete'),
            danger: true,
            onRun: (keys) => bulk(keys, 'delete'),
          },
        ]}
        filters={
          <ProductsFilters
            value={list.params.filter as ProductsFilter}
            additional={additional.data}
            onApply={(f) => list.setFilter({ ...f })}
            onReset={list.reset}
          />
        }
      />
    </>
  );

  return (
    <div data-testid="inventory-page">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={1}>{t('inventory.title')}</Typography.Title>
        <Space wrap>
          <Button
            icon={<UploadOutlined />}
            onClick={() => {
              setReport(null);
              setImportError(null);
              setImportOpen(true);
            }}
            data-testid="csv-import-open"
          >
            {t('inventory.import')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate(lp('/inventory/new'))}
            data-testid="product-add"
          >
            {t('inventory.add')}
          </Button>
        </Space>
      </Space>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'products', label: t('inventory.tabProducts'), children: productsTab },
          {
            key: 'shops',
            label: <span data-testid="inventory-tab-shops">{t('inventory.tabShops')}</span>,
            children: (
              <Suspense fallback={<FullScreenLoader />}>
                <ShopSyncTab />
              </Suspense>
            ),
          },
        ]}
      />
      <CsvImportModal
        open={importOpen}
        importing={importCsv.isPending}
        report={report}
        error={importError}
        onImport={onImport}
        onClose={() => setImportOpen(false)}
      />
    </div>
  );
}
