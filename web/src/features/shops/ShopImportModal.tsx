import type { TImportedProduct, TShop, TShopImportJob, TUnknownOption } from '@livecart/contract/shops';
import { ZShopPublish } from '@livecart/contract/shops';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Progress, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type Key, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldText } from '../../app/i18n';
import { toast } from '../../app/notify';
import { useIsPhone } from '../../app/useIsPhone';
import { productKeys } from '../inventory/api';
import { shopsKeys, useImportJob, usePublishImported } from './api';
import { serverFields } from './fieldErrors';

const KEYWORD = ZShopPublish.shape.items.element.shape.keyword;
/** Imported products a page of the report shows. */
const IMPORTED_PAGE_SIZE = 50;

export interface ShopImportModalProps {
  /** The shop whose latest import is shown; null: closed. */
  shop: TShop | null;
  onClose: () => void;
}

/**
 * A shop's catalogue import: its progress while it runs (asked every second), then its report:
 * products created and updated, products left out and why, colours and sizes not recognised, and
 * the imported products with their proposed keywords, to correct and publish.
 */
export function ShopImportModal({ shop, onClose }: ShopImportModalProps) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const id = shop?.id ?? null;
  const answer = useImportJob(id);
  const job = answer.data?.job ?? null;
  const publish = usePublishImported();
  const [keywords, setKeywords] = useState<Record<number, string>>({});
  const [rowErrors, setRowErrors] = useState<Record<number, string>>({});
  const [selected, setSelected] = useState<Key[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const seen = useRef<{ job: number; status: string } | null>(null);

  // a finished (or stopped) import: its proposed keywords and unpublished products to start
  // from, and the inventory and the shop's linked variants to read again
  useEffect(() => {
    if (!job) return;
    const before = seen.current;
    seen.current = { job: job.id, status: job.status };
    if (job.status === 'running' || (before?.job === job.id && before.status === job.status)) return;
    setKeywords(Object.fromEntries(job.products.map((p) => [p.id, p.keyword])));
    setSelected(job.products.filter((p) => !p.is_publish).map((p) => p.id));
    setRowErrors({});
    setFailure(null);
    setPage(1);
    if (before?.job === job.id) {
      void qc.invalidateQueries({ queryKey: productKeys.all });
      void qc.invalidateQueries({ queryKey: shopsKeys.list() });
    }
  }, [job, qc]);

  const close = () => {
    seen.current = null;
    setFailure(null);
    setRowErrors({});
    onClose();
  };

  // the report's page that holds the first refused keyword
  const showFirst = (errors: Record<number, string>) => {
    const at = job?.products.findIndex((p) => errors[p.id] !== undefined) ?? -1;
    if (at >= 0) setPage(Math.floor(at / IMPORTED_PAGE_SIZE) + 1);
  };

  const runPublish = () => {
    if (id === null) return;
    const items = selected.map((key) => ({ id: Number(key), keyword: (keywords[Number(key)] ?? '').trim() }));
    // the contract's rule first: an empty keyword need not travel to be refused
    const local: Record<number, string> = {};
    for (const item of items) {
      const r = KEYWORD.safeParse(item.keyword);
      if (!r.success) local[item.id] = fieldText(t, r.error.issues[0]?.message ?? 'invalid');
    }
    setRowErrors(local);
    setFailure(null);
    if (Object.keys(local).length) return showFirst(local);
    publish.mutate(
      { id, body: { items } },
      {
        onSuccess: (r) => {
          toast('success', t('shopSync.import.publishedToast', { count: r.published }));
          setSelected([]);
        },
        onError: (e) => {
          const errors: Record<number, string> = {};
          for (const [name, text] of Object.entries(serverFields(t, e))) {
            const m = /^items\.(\d+)\./.exec(name);
            const item = m ? items[Number(m[1])] : undefined;
            if (item) errors[item.id] = text;
          }
          setRowErrors(errors);
          showFirst(errors);
          setFailure(Object.keys(errors).length ? t('shopSync.import.publishError') : errorText(t, e));
        },
      },
    );
  };

  const percent = job?.total ? Math.min(100, Math.round((job.done / job.total) * 100)) : undefined;

  return (
    <Modal
      open={shop !== null}
      title={shop ? t('shopSync.import.title', { name: shop.name }) : ''}
      onCancel={close}
      width={900}
      destroyOnHidden
      footer={
        <Button onClick={close} data-testid="shop-import-close">
          {t('shopSync.import.close')}
        </Button>
      }
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="shop-import">
        {answer.isPending && <Progress percent={0} status="active" />}
        {job?.status === 'running' && (
          <div data-testid="shop-import-progress">
            <Typography.Text>
              {job.total
                ? t('shopSync.import.runningOf', { done: job.done, total: job.total })
                : t('shopSync.import.running', { done: job.done })}
            </Typography.Text>
            <Progress percent={percent ?? 0} showInfo={percent !== undefined} status="active" />
          </div>
        )}
        {job?.status === 'failed' && (
          <Alert
            type="error"
            showIcon
            title={t('shopSync.import.failed')}
            description={job.error}
            style={{ overflowWrap: 'anywhere' }}
            data-testid="shop-import-failed"
          />
        )}
        {job && job.status !== 'running' && (
          <Report
            job={job}
            keywords={keywords}
            rowErrors={rowErrors}
            selected={selected}
            page={page}
            onPage={setPage}
            publishing={publish.isPending}
            failure={failure}
            onKeyword={(pid, value) => {
              setKeywords((k) => ({ ...k, [pid]: value }));
              setRowErrors(({ [pid]: _gone, ...rest }) => rest);
            }}
            onSelect={setSelected}
            onPublish={runPublish}
          />
        )}
      </Space>
    </Modal>
  );
}

interface ReportProps {
  job: TShopImportJob;
  keywords: Record<number, string>;
  rowErrors: Record<number, string>;
  selected: Key[];
  page: number;
  onPage: (page: number) => void;
  publishing: boolean;
  failure: string | null;
  onKeyword: (id: number, value: string) => void;
  onSelect: (keys: Key[]) => void;
  onPublish: () => void;
}

/** A text cell that wraps between words (its table scrolls in its own box past a very long one). */
const wrap = (text: string) => <span style={{ overflowWrap: 'break-word' }}>{text}</span>;
const scrollBox = { overflowX: 'auto' } as const;

/** The report of a finished (or stopped) import, with the products to publish. */
function Report({ job, keywords, rowErrors, selected, page, publishing, failure, ...on }: ReportProps) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const nameCell = (p: TImportedProduct) => (
    <Space orientation="vertical" size={0} style={{ maxWidth: phone ? undefined : 260 }}>
      <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
        {p.name}
      </Typography.Text>
      <Space size={4} wrap>
        <Tag>{p.created ? t('shopSync.import.new') : t('shopSync.import.updatedTag')}</Tag>
        {p.is_publish ? (
          <Tag color="green">{t('shopSync.import.published')}</Tag>
        ) : (
          <Tag>{t('shopSync.import.unpublished')}</Tag>
        )}
        {phone && <Tag>{t('shopSync.import.variantsCount', { count: p.variants })}</Tag>}
      </Space>
    </Space>
  );
  const keywordCell = (p: TImportedProduct) => (
    <Form.Item
      style={{ margin: 0, minWidth: phone ? undefined : 160 }}
      validateStatus={rowErrors[p.id] ? 'error' : undefined}
      help={
        rowErrors[p.id] ? (
          <span data-testid={`shop-import-keyword-error-${p.id}`}>{rowErrors[p.id]}</span>
        ) : undefined
      }
    >
      <Input
        value={keywords[p.id] ?? p.keyword}
        onChange={(e) => on.onKeyword(p.id, e.target.value)}
        aria-label={t('shopSync.import.keywordOf', { name: p.name })}
        data-testid={`shop-import-keyword-${p.id}`}
      />
    </Form.Item>
  );
  const columns: ColumnsType<TImportedProduct> = [
    { key: 'name', title: t('shopSync.import.product'), render: (_, p) => nameCell(p) },
    { key: 'variants', dataIndex: 'variants', title: t('shopSync.import.variants'), align: 'right' },
    { key: 'keyword', title: t('shopSync.import.keyword'), render: (_, p) => keywordCell(p) },
  ];
  // a phone keeps the keyword under the product's name instead of past the screen's edge
  const phoneColumns: ColumnsType<TImportedProduct> = [
    {
      key: 'product',
      title: t('shopSync.import.product'),
      render: (_, p) => (
        <Space orientation="vertical" size={6} style={{ width: '100%' }}>
          {nameCell(p)}
          {keywordCell(p)}
        </Space>
      ),
    },
  ];
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="shop-import-report">
      {job.status === 'done' && (
        <Alert
          type="success"
          showIcon
          title={t('shopSync.import.done')}
          description={
            <Space wrap size={4}>
              <Tag color="green" data-testid="shop-import-created">
                {t('shopSync.import.created', { count: job.created })}
              </Tag>
              <Tag color="blue" data-testid="shop-import-updated">
                {t('shopSync.import.updated', { count: job.updated })}
              </Tag>
            </Space>
          }
        />
      )}
      {job.skipped.length > 0 && (
        <section>
          <Typography.Title level={5}>{t('shopSync.import.skippedTitle')}</Typography.Title>
          <div style={scrollBox}>
            <Table<{ product: string; reason: string; key: number }>
              size="small"
              pagination={false}
              dataSource={job.skipped.map((s, key) => ({ ...s, key }))}
              data-testid="shop-import-skipped"
              columns={[
                { key: 'product', dataIndex: 'product', title: t('shopSync.import.product'), render: wrap },
                {
                  key: 'reason',
                  dataIndex: 'reason',
                  title: t('shopSync.import.reason'),
                  // a reason code the screen knows reads as a sentence; another is shown as it came
                  render: (reason: string) =>
                    wrap(t(`shopSync.import.reasons.${reason}`, { defaultValue: reason })),
                },
              ]}
            />
          </div>
        </section>
      )}
      {job.unknown_options.length > 0 && (
        <section>
          <Typography.Title level={5}>{t('shopSync.import.unknownTitle')}</Typography.Title>
          <Alert
            type="warning"
            showIcon
            title={t('shopSync.import.unknownHelp')}
            style={{ marginBottom: 8 }}
            data-testid="shop-import-unknown-help"
          />
          <div style={scrollBox}>
            <Table<TUnknownOption & { key: number }>
              size="small"
              pagination={false}
              dataSource={job.unknown_options.map((o, key) => ({ ...o, key }))}
              data-testid="shop-import-unknown"
              columns={[
                { key: 'product', dataIndex: 'product', title: t('shopSync.import.product'), render: wrap },
                { key: 'option', dataIndex: 'option', title: t('shopSync.import.option'), render: wrap },
                { key: 'value', dataIndex: 'value', title: t('shopSync.import.value'), render: wrap },
              ]}
            />
          </div>
        </section>
      )}
      {job.products.length > 0 && (
        <section>
          <Typography.Title level={5}>{t('shopSync.import.productsTitle')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('shopSync.import.productsHelp')}</Typography.Paragraph>
          <Table<TImportedProduct>
            size="small"
            rowKey="id"
            // a catalogue of thousands: a page of inputs at a time
            pagination={{
              current: page,
              pageSize: IMPORTED_PAGE_SIZE,
              hideOnSinglePage: true,
              showSizeChanger: false,
              size: 'small',
              onChange: on.onPage,
            }}
            scroll={phone ? undefined : { x: 'max-content' }}
            dataSource={job.products}
            data-testid="shop-import-products"
            onRow={(p) => ({ 'data-testid': `shop-import-product-${p.id}` }) as never}
            rowSelection={{
              selectedRowKeys: selected,
              onChange: (keys) => on.onSelect(keys),
              getCheckboxProps: (p) => ({ 'data-testid': `shop-import-check-${p.id}` }) as never,
            }}
            columns={phone ? phoneColumns : columns}
          />
          {failure && (
            <Alert
              type="error"
              showIcon
              title={failure}
              style={{ marginTop: 8 }}
              data-testid="shop-publish-error"
            />
          )}
          <Button
            type="primary"
            style={{ marginTop: 12 }}
            disabled={selected.length === 0}
            loading={publishing}
            onClick={on.onPublish}
            data-testid="shop-publish"
          >
            {t('shopSync.import.publish')}
          </Button>
        </section>
      )}
    </Space>
  );
}
