import { Card, Col, Empty, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDay, formatEuros } from '../../app/format';
import { BarChart } from '../../components/BarChart';
import { useDashboardSales } from './api';

/** `DD/MM` of a `YYYY-MM-DD` day, for the axis; the full date is in the bar's title and table. */
const dayMonth = (day: string) => formatDay(day).slice(0, 5);

/** The dashboard's sales: paid totals per day over 30 days and per live over the last 10 lives. */
export function SalesCharts() {
  const { t } = useTranslation();
  const sales = useDashboardSales();
  if (!sales.data) return null;
  const { days, lives } = sales.data;
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }} data-testid="dashboard-sales">
      <Col xs={24} xl={14}>
        <Card title={t('dashboard.salesByDay')} size="small">
          <BarChart
            title={t('dashboard.salesDayChart')}
            testId="sales-by-day"
            labelHeader={t('dashboard.day')}
            valueHeader={t('dashboard.revenue')}
            bars={days.map((d) => ({
              key: d.day,
              label: dayMonth(d.day),
              value: d.revenue,
              name: formatDay(d.day),
              text: formatEuros(d.revenue),
            }))}
          />
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card title={t('dashboard.salesByLive')} size="small">
          {lives.length ? (
            <BarChart
              title={t('dashboard.salesLiveChart')}
              testId="sales-by-live"
              labelHeader={t('dashboard.live')}
              valueHeader={t('dashboard.revenue')}
              bars={lives.map((l) => ({
                key: String(l.session_id),
                label: dayMonth(l.event_date),
                value: l.revenue,
                name: `${formatDay(l.event_date)} ${l.event_time}`,
                text: formatEuros(l.revenue),
              }))}
            />
          ) : (
            <Empty description={t('dashboard.noLives')} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
