import { ArrowLeftOutlined, MailOutlined } from '@ant-design/icons';
import { ROLE } from '@livecart/contract/constants';
import type {
  TLiveReport,
  TLiveReportMinute,
  TLiveReportProduct,
  TLiveReportRemindResult,
  TLiveReportUnpaidCart,
} from '@livecart/contract/liveReport';
import {
  Button,
  Card,
  Col,
  Empty,
  Result,
  Row,
  Segmented,
  Space,
  Statistic,
  Table,
  Tooltip,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatDateTime, formatEuros, parisParts } from '../../app/format';
import { toast } from '../../app/notify';
import { LocaleLink } from '../../app/useLocale';
import { BarChart } from '../../components/BarChart';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { isApiError } from '../../lib/api';
import { useSession } from '../auth/api';
import { useLiveReport, useRemindCarts } from './api';
import { useSessionTitle } from './format';

const percent = (n: number, locale: string) =>
  new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'fr-FR', {
    style: 'percent',
    maximumFractionDigits: 1,
  }).format(n);

/** A figure in its card. */
function Stat({ title, value, testId }: { title: string; value: string | number; testId: string }) {
  return (
    <Card data-testid={testId} className="stat-card" size="small">
      <Statistic title={title} value={value} />
    </Card>
  );
}

function Figures({ report }: { report: TLiveReport }) {
  const { t, i18n } = useTranslation();
  const { comments: c, carts: k } = report;
  const stats = [
    { key: 'comments', value: c.total },
    { key: 'viewers', value: c.viewers },
    { key: 'ordered', value: c.ordered },
    { key: 'waited', value: c.waited },
    { key: 'unmatched', value: c.unmatched },
    { key: 'opened', value: k.opened },
    { key: 'paid', value: k.paid },
    { key: 'expired', value: k.expired },
    { key: 'conversion', value: percent(k.conversion, i18n.language) },
    { key: 'revenue', value: formatEuros(k.revenue) },
    { key: 'unpaid_amount', value: formatEuros(k.unpaid_amount) },
  ] as const;
  return (
    <Row gutter={[12, 12]}>
      {stats.map((s) => (
        <Col key={s.key} xs={12} sm={8} lg={6} xl={4}>
          <Stat title={t(`liveReport.stats.${s.key}`)} value={s.value} testId={`report-stat-${s.key}`} />
        </Col>
      ))}
    </Row>
  );
}

function TopProducts({
  products,
  variants,
}: {
  products: TLiveReportProduct[];
  variants: TLiveReportProduct[];
}) {
  const { t } = useTranslation();
  const [by, setBy] = useState<'products' | 'variants'>('products');
  const columns: ColumnsType<TLiveReportProduct> = [
    {
      key: 'name',
      title: t('liveReport.product'),
      render: (_: unknown, p) =>
        [p.name, [p.color_label, p.size_label].filter(Boolean).join(', ')].filter(Boolean).join(' – '),
    },
    { key: 'quantity', dataIndex: 'quantity', title: t('liveReport.quantity'), align: 'right' },
    { key: 'paid_quantity', dataIndex: 'paid_quantity', title: t('liveReport.paidQuantity'), align: 'right' },
    {
      key: 'revenue',
      title: t('liveReport.revenue'),
      align: 'right',
      render: (_: unknown, p) => formatEuros(p.revenue),
    },
  ];
  return (
    <Card
      className="report-card"
      title={t('liveReport.topTitle')}
      extra={
        <Segmented
          value={by}
          onChange={(v) => setBy(v as 'products' | 'variants')}
          options={[
            { value: 'products', label: t('liveReport.byProduct') },
            { value: 'variants', label: t('liveReport.byVariant') },
          ]}
          data-testid="report-top-switch"
        />
      }
    >
      <Table
        rowKey="key"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={by === 'products' ? products : variants}
        data-testid="report-top-table"
        locale={{ emptyText: <Empty description={t('liveReport.noSales')} /> }}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}

/** The live's unpaid carts; `canRemind` (its seller) adds the reminder buttons, admin only reads them. */
function UnpaidCarts({
  sessionId,
  carts,
  canRemind,
}: {
  sessionId: number;
  carts: TLiveReportUnpaidCart[];
  canRemind: boolean;
}) {
  const { t } = useTranslation();
  const remind = useRemindCarts(sessionId);
  const announce = (r: TLiveReportRemindResult) => {
    if (r.emails > 0) toast('success', t('liveReport.remindSent', { count: r.emails }));
    for (const reason of new Set(r.skipped.map((s) => s.reason))) {
      const count = r.skipped.filter((s) => s.reason === reason).length;
      toast('info', t(`liveReport.skipped.${reason}`, { count }));
    }
  };
  const send = (ids: number[]) =>
    remind.mutate(ids, {
      onSuccess: announce,
    });
  const remindable = carts.filter((c) => c.has_email);
  const columns: ColumnsType<TLiveReportUnpaidCart> = [
    {
      key: 'order_number',
      title: t('liveReport.order'),
      render: (_: unknown, c) => <span data-testid={`report-unpaid-${c.id}`}>{c.order_number}</span>,
    },
    { key: 'shopper', title: t('liveReport.shopper'), render: (_: unknown, c) => c.shopper ?? '—' },
    { key: 'articles', dataIndex: 'articles', title: t('liveReport.articles'), align: 'right' },
    {
      key: 'total',
      title: t('liveReport.total'),
      align: 'right',
      render: (_: unknown, c) => formatEuros(c.total_amount),
    },
    {
      key: 'reminded_at',
      title: t('liveReport.remindedAt'),
      render: (_: unknown, c) => (c.reminded_at ? formatDateTime(c.reminded_at) : '—'),
    },
  ];
  const remindColumn: ColumnsType<TLiveReportUnpaidCart>[number] = {
    key: 'action',
    title: t('liveReport.action'),
    render: (_: unknown, c) => {
      const button = (
        <Button
          size="small"
          icon={<MailOutlined />}
          disabled={!c.has_email}
          loading={remind.isPending && remind.variables?.length === 1 && remind.variables[0] === c.id}
          onClick={() => send([c.id])}
          data-testid={`report-remind-${c.id}`}
        >
          {t('liveReport.remind')}
        </Button>
      );
      return c.has_email ? button : <Tooltip title={t('liveReport.noEmail')}>{button}</Tooltip>;
    },
  };
  return (
    <Card
      className="report-card"
      title={t('liveReport.unpaidTitle', { count: carts.length })}
      extra={
        canRemind ? (
          <Button
            type="primary"
            icon={<MailOutlined />}
            disabled={!remindable.length}
            loading={remind.isPending && (remind.variables?.length ?? 0) > 1}
            onClick={() => send(remindable.map((c) => c.id))}
            data-testid="report-remind-all"
          >
            {t('liveReport.remindAll')}
          </Button>
        ) : (
          // reminders are the seller's to send (the server refuses them to admin)
          <Typography.Text type="secondary" data-testid="report-remind-seller-only">
            {t('liveReport.remindSellerOnly')}
          </Typography.Text>
        )
      }
    >
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        columns={canRemind ? [...columns, remindColumn] : columns}
        dataSource={carts}
        data-testid="report-unpaid-table"
        locale={{ emptyText: <Empty description={t('liveReport.noUnpaid')} /> }}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}

const hhmm = (iso: string) => {
  const p = parisParts(iso);
  return p ? `${p.hour}:${p.minute}` : iso;
};

function Timeline({ minutes }: { minutes: TLiveReportMinute[] }) {
  const { t } = useTranslation();
  const [metric, setMetric] = useState<'comments' | 'paid' | 'revenue'>('comments');
  const bars = useMemo(
    () =>
      minutes.map((m) => ({
        key: m.minute,
        label: hhmm(m.minute),
        value: m[metric],
        text: metric === 'revenue' ? formatEuros(m.revenue) : String(m[metric]),
      })),
    [minutes, metric],
  );
  return (
    <Card
      className="report-card"
      title={t('liveReport.timelineTitle')}
      extra={
        <Segmented
          value={metric}
          onChange={(v) => setMetric(v as typeof metric)}
          options={(['comments', 'paid', 'revenue'] as const).map((m) => ({
            value: m,
            label: t(`liveReport.metric.${m}`),
          }))}
          data-testid="report-metric-switch"
        />
      }
    >
      {minutes.length ? (
        <BarChart
          title={t('liveReport.timelineChart', { metric: t(`liveReport.metric.${metric}`) })}
          bars={bars}
          testId="report-timeline"
          labelHeader={t('liveReport.minute')}
          valueHeader={t(`liveReport.metric.${metric}`)}
        />
      ) : (
        <Empty description={t('liveReport.noActivity')} />
      )}
    </Card>
  );
}

/**
 * /liveselling/:id/report: what a live did, its best products, its unpaid carts to remind. Admin
 * (from the Orders screen filtered on the live) reads it without the seller's console and reminders.
 */
export default function LiveReportPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const isAdmin = user?.role_id === ROLE.admin;
  const id = Number(useParams().id);
  const back = isAdmin ? (
    <LocaleLink
      to={`/orders?queryFilter=${encodeURIComponent(JSON.stringify({ live_session_id: id }))}`}
      data-testid="report-back-link"
    >
      <ArrowLeftOutlined /> {t('liveReport.backToOrders')}
    </LocaleLink>
  ) : (
    <LocaleLink to="/liveselling" data-testid="report-back-link">
      <ArrowLeftOutlined /> {t('live.backToList')}
    </LocaleLink>
  );
  const report = useLiveReport(id);
  const sessionTitle = useSessionTitle();
  if (report.isPending) return <FullScreenLoader />;
  if (!report.data) {
    const missing = isApiError(report.error) && report.error.status === 404;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t('live.sessionNotFound') : t('liveReport.loadFailed')}
        extra={back}
      />
    );
  }
  const r = report.data;
  return (
    <div data-testid={`live-report-page-${r.session.id}`}>
      <Space wrap>
        {back}
        {!isAdmin && (
          <LocaleLink to={`/liveselling/${r.session.id}`} data-testid="report-console-link">
            {t('live.openConsole')}
          </LocaleLink>
        )}
      </Space>
      <Typography.Title level={1} style={{ marginTop: 8 }} data-testid="report-title">
        {t('liveReport.title', { live: sessionTitle(r.session).title })}
      </Typography.Title>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Figures report={r} />
        <Timeline minutes={r.timeline} />
        <TopProducts products={r.products} variants={r.variants} />
        <UnpaidCarts sessionId={r.session.id} carts={r.unpaid} canRemind={!isAdmin} />
      </Space>
    </div>
  );
}
