import { DownloadOutlined, FileDoneOutlined } from '@ant-design/icons';
import type { TLocale } from '@livecart/contract/constants';
import { Button, Card, DatePicker, Descriptions, Drawer, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from '../../app/dayjs';
import { formatDate, formatEuros } from '../../app/format';
import { toast } from '../../app/notify';
import { useIsPhone } from '../../app/useIsPhone';
import { useLocale } from '../../app/useLocale';
import { DataTable } from '../../components/DataTable';
import { useListParams } from '../../components/useListParams';
import {
  documentPdfUrl,
  type TInvoiceOrder,
  type TPlatformInvoice,
  useDocument,
  useDocuments,
  useGenerateInvoice,
} from './api';

/** `2026-11` → "novembre 2026" / "November 2026". */
export function formatMonth(month: string, locale: TLocale): string {
  const m = /^(\d{4})-(\d{2})/.exec(month);
  if (!m) return month;
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'fr-FR', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)));
}

const STATUS_COLOR: Record<TPlatformInvoice['status'], string> = {
  open: 'blue',
  paid: 'green',
  failed: 'red',
};

function StatusTag({ status }: { status: TPlatformInvoice['status'] }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOR[status]} data-testid="document-status">
      {t(`documents.status.${status}`)}
    </Tag>
  );
}

function PdfLink({ id }: { id: number }) {
  const { t } = useTranslation();
  return (
    <Button
      size="small"
      icon={<DownloadOutlined />}
      href={documentPdfUrl(id)}
      target="_blank"
      rel="noopener"
      data-testid={`document-pdf-${id}`}
      onClick={(e) => e.stopPropagation()}
    >
      {t('documents.pdf')}
    </Button>
  );
}

/** One invoice and the orders its percent was computed from. */
function DocumentDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const isPhone = useIsPhone();
  const doc = useDocument(id);
  const item = doc.data?.item;
  const columns: ColumnsType<TInvoiceOrder> = [
    { key: 'order', title: t('documents.order'), dataIndex: 'order_number' },
    { key: 'paid', title: t('documents.paidAt'), render: (_v, o) => formatDate(o.paid_at) },
    {
      key: 'total',
      title: t('documents.orderTotal'),
      align: 'right',
      render: (_v, o) => formatEuros(o.total),
    },
    {
      key: 'refunded',
      title: t('documents.refunded'),
      align: 'right',
      render: (_v, o) => formatEuros(o.refunded),
    },
    {
      key: 'counted',
      title: t('documents.counted'),
      align: 'right',
      render: (_v, o) => formatEuros(o.counted),
    },
  ];
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={isPhone ? '100%' : 720}
      title={item ? t('documents.drawerTitle', { number: item.number }) : t('documents.title')}
      loading={doc.isPending}
      data-testid="document-drawer"
    >
      {item && (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('documents.month')}>
              {formatMonth(item.month, locale)}
            </Descriptions.Item>
            <Descriptions.Item label={t('documents.plan')}>{formatEuros(item.plan_amount)}</Descriptions.Item>
            <Descriptions.Item label={t('documents.sales')}>
              {formatEuros(item.sales_amount)}
            </Descriptions.Item>
            <Descriptions.Item label={t('documents.percentLine', { percent: item.percent })}>
              {formatEuros(item.percent_amount)}
            </Descriptions.Item>
            <Descriptions.Item label={t('documents.vat')}>{formatEuros(item.vat_amount)}</Descriptions.Item>
            <Descriptions.Item label={t('documents.total')}>
              <strong>{formatEuros(item.total)}</strong>
            </Descriptions.Item>
            <Descriptions.Item label={t('documents.statusLabel')}>
              <StatusTag status={item.status} />
            </Descriptions.Item>
          </Descriptions>
          <Space style={{ margin: '16px 0' }}>
            <PdfLink id={item.id} />
          </Space>
          <Typography.Title level={2} style={{ fontSize: 18 }}>
            {t('documents.ordersTitle')}
          </Typography.Title>
          {isPhone ? (
            <Space orientation="vertical" style={{ width: '100%' }} data-testid="document-orders">
              {(doc.data?.orders ?? []).map((o) => (
                <Card key={o.order_number} size="small" title={o.order_number}>
                  <div>
                    {t('common.pair', { label: t('documents.paidAt'), value: formatDate(o.paid_at) })}
                  </div>
                  <div>
                    {t('common.pair', { label: t('documents.orderTotal'), value: formatEuros(o.total) })}
                  </div>
                  {o.refunded > 0 && (
                    <div>
                      {t('common.pair', { label: t('documents.refunded'), value: formatEuros(o.refunded) })}
                    </div>
                  )}
                  <strong>
                    {t('common.pair', { label: t('documents.counted'), value: formatEuros(o.counted) })}
                  </strong>
                </Card>
              ))}
            </Space>
          ) : (
            <Table<TInvoiceOrder>
              rowKey="order_number"
              size="small"
              columns={columns}
              dataSource={doc.data?.orders ?? []}
              pagination={false}
              locale={{ emptyText: t('documents.noOrders') }}
              data-testid="document-orders"
            />
          )}
        </>
      )}
    </Drawer>
  );
}

/** "Generate a month's invoice": a closed month, made once. */
function GenerateMonth() {
  const { t } = useTranslation();
  const generate = useGenerateInvoice();
  const [month, setMonth] = useState<Dayjs | null>(null);
  const run = () => {
    if (!month) return;
    generate.mutate(month.format('YYYY-MM'), {
      onSuccess: (r) => toast(r.item ? 'success' : 'info', r.message || t('documents.generated')),
    });
  };
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <DatePicker
        picker="month"
        value={month}
        onChange={setMonth}
        format="MM/YYYY"
        placeholder={t('documents.monthPlaceholder')}
        disabledDate={(d) => !d.isBefore(dayjs().tz().startOf('month'))}
        aria-label={t('documents.generateMonth')}
        data-testid="documents-month"
      />
      <Button
        icon={<FileDoneOutlined />}
        disabled={!month}
        loading={generate.isPending}
        onClick={run}
        data-testid="documents-generate"
      >
        {t('documents.generate')}
      </Button>
    </Space>
  );
}

/** /documents: the platform's invoices to the seller (plan and percent of sales), as PDFs. */
export default function DocumentsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  // newest month first (the phone's sort list names the month column)
  const list = useListParams({ column: 'month' });
  const docs = useDocuments(list.params);
  const [open, setOpen] = useState<number | null>(null);

  const numberLink = (d: TPlatformInvoice) => (
    <Typography.Link onClick={() => setOpen(d.id)} data-testid={`document-open-${d.id}`}>
      {d.number}
    </Typography.Link>
  );
  const columns: ColumnsType<TPlatformInvoice> = [
    { key: 'number', title: t('documents.number'), render: (_v, d) => numberLink(d) },
    {
      key: 'month',
      title: t('documents.month'),
      sorter: true,
      render: (_v, d) => formatMonth(d.month, locale),
    },
    {
      key: 'plan',
      title: t('documents.plan'),
      align: 'right',
      render: (_v, d) => formatEuros(d.plan_amount),
    },
    {
      key: 'sales',
      title: t('documents.sales'),
      align: 'right',
      render: (_v, d) => formatEuros(d.sales_amount),
    },
    {
      key: 'percent',
      title: t('documents.percent'),
      align: 'right',
      render: (_v, d) => `${formatEuros(d.percent_amount)} (${d.percent} %)`,
    },
    { key: 'vat', title: t('documents.vat'), align: 'right', render: (_v, d) => formatEuros(d.vat_amount) },
    {
      key: 'total',
      title: t('documents.total'),
      align: 'right',
      sorter: true,
      render: (_v, d) => <strong>{formatEuros(d.total)}</strong>,
    },
    { key: 'status', title: t('documents.statusLabel'), render: (_v, d) => <StatusTag status={d.status} /> },
    { key: 'pdf', title: t('documents.pdf'), render: (_v, d) => <PdfLink id={d.id} /> },
  ];

  const phoneCard = (d: TPlatformInvoice) => (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      <Space wrap>
        {numberLink(d)}
        <StatusTag status={d.status} />
      </Space>
      <span>{formatMonth(d.month, locale)}</span>
      <span>
        {t('documents.plan')} {formatEuros(d.plan_amount)} · {t('documents.percent')}{' '}
        {formatEuros(d.percent_amount)}
      </span>
      <strong>
        {t('documents.total')} {formatEuros(d.total)}
      </strong>
      <PdfLink id={d.id} />
    </Space>
  );

  return (
    <div data-testid="documents-page" style={{ maxWidth: 1200 }}>
      <Typography.Title level={1}>{t('documents.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('documents.intro')}</Typography.Paragraph>
      <GenerateMonth />
      <DataTable<TPlatformInvoice>
        list={list}
        data={docs.data}
        loading={docs.isFetching}
        columns={columns}
        rowKey="id"
        testId="documents-table"
        rowTestId={(d) => `document-row-${d.id}`}
        emptyText={t('documents.empty')}
        phoneCard={phoneCard}
      />
      <DocumentDrawer id={open} onClose={() => setOpen(null)} />
    </div>
  );
}
