import { ROLE } from '@livecart/contract/constants';
import { Card, Col, Row, Statistic } from 'antd';
import { lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuros } from '../../app/format';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { PageTitle } from '../../components/Typography';
import { WhenNear } from '../../components/WhenNear';
import { useSession } from '../auth/api';
import { WelcomeNotice } from '../auth/WelcomeNotice';
import {
  type TBuyerDashboard,
  type TSellerDashboard,
  useDashboard,
  useDashboardSales,
  useOnboardingChecklist,
} from './api';
import { FirstLiveChecklist } from './FirstLiveChecklist';
import { SalesCharts } from './SalesCharts';

// The latest orders and shoppers are below the totals and charts: their tables (antd's Table, the
// dashboard's heaviest part) load as they come near the screen.
const LatestOrders = lazy(() => import('./DashboardTables').then((m) => ({ default: m.LatestOrders })));
const LatestBuyers = lazy(() => import('./DashboardTables').then((m) => ({ default: m.LatestBuyers })));

/** The card of a table still to come, with its title. */
function TablePlaceholder({ title }: { title: string }) {
  return <Card title={title} loading />;
}

/** A total in its card; on a phone the card is smaller and a long amount wraps instead of being cut. */
function Stat({ title, value, testId }: { title: string; value: ReactNode; testId: string }) {
  return (
    <Card data-testid={testId} className="stat-card">
      <Statistic title={title} value={value as string} />
    </Card>
  );
}

function SellerDashboard({ data, checklistPlaced }: { data: TSellerDashboard; checklistPlaced: boolean }) {
  const { t } = useTranslation();
  // the charts above the tables show once their figures come: the tables' place is known then
  const sales = useDashboardSales();
  const tablesPlaced = checklistPlaced && !sales.isPending;
  const { totals } = data;
  const stats = [
    { key: 'total_amount', value: formatEuros(totals.total_amount) },
    { key: 'total_refund', value: formatEuros(totals.total_refund) },
    { key: 'total_buyers', value: totals.total_buyers },
    { key: 'total_pending', value: totals.total_pending },
    { key: 'total_shipping', value: formatEuros(totals.total_shipping) },
  ] as const;
  return (
    <>
      <Row gutter={[16, 16]}>
        {stats.map((s, i) => (
          // on a phone the revenue has a line of its own and the four others go two by two
          <Col key={s.key} xs={i === 0 ? 24 : 12} sm={12} lg={8} xl={{ flex: '20%' }}>
            <Stat title={t(`dashboard.totals.${s.key}`)} value={s.value} testId={`stat-${s.key}`} />
          </Col>
        ))}
      </Row>
      <SalesCharts />
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={14}>
          <WhenNear
            placed={tablesPlaced}
            placeholder={<TablePlaceholder title={t('dashboard.latestOrders')} />}
          >
            <LatestOrders items={data.orders?.items ?? []} party="buyer" />
          </WhenNear>
        </Col>
        <Col xs={24} xl={10}>
          <WhenNear
            placed={tablesPlaced}
            placeholder={<TablePlaceholder title={t('dashboard.latestBuyers')} />}
          >
            <LatestBuyers items={data.buyers?.items ?? []} />
          </WhenNear>
        </Col>
      </Row>
    </>
  );
}

function BuyerDashboard({ data }: { data: TBuyerDashboard }) {
  const { t } = useTranslation();
  return (
    <>
      <Row gutter={[16, 16]}>
        <Col xs={12}>
          <Stat title={t('dashboard.totals.orders')} value={data.totals.orders} testId="stat-orders" />
        </Col>
        <Col xs={12}>
          <Stat
            title={t('dashboard.totals.total_spent')}
            value={formatEuros(data.totals.total_spent)}
            testId="stat-total_spent"
          />
        </Col>
      </Row>
      <div style={{ marginTop: 16 }}>
        <WhenNear placeholder={<TablePlaceholder title={t('dashboard.latestOrders')} />}>
          <LatestOrders items={data.orders?.items ?? []} party="seller" />
        </WhenNear>
      </div>
    </>
  );
}

/** /dashboard: totals and latest orders (and shoppers for sellers and admin). */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const dashboard = useDashboard<TSellerDashboard | TBuyerDashboard>();
  const seller = user?.role_id === ROLE.seller;
  // a seller's checklist sits above the tables: where they fall is known once it has its height
  const checklist = useOnboardingChecklist(seller);
  const checklistPlaced = !seller || !checklist.isPending;
  return (
    <div data-testid="dashboard-page">
      <PageTitle>{t('dashboard.title')}</PageTitle>
      <WelcomeNotice />
      {seller && <FirstLiveChecklist />}
      {dashboard.isPending && <FullScreenLoader />}
      {dashboard.data &&
        (user?.role_id === ROLE.buyer ? (
          <BuyerDashboard data={dashboard.data as TBuyerDashboard} />
        ) : (
          <SellerDashboard data={dashboard.data as TSellerDashboard} checklistPlaced={checklistPlaced} />
        ))}
    </div>
  );
}
