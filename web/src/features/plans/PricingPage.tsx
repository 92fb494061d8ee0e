import { CheckOutlined } from '@ant-design/icons';
import { PLAN_MONTHLY_SALES_EUR, PLANS, ROLE, TRIAL_DAYS } from '@livecart/contract/constants';
import { sellerNeedsPlan } from '@livecart/contract/user';
import { Alert, Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, formatEuros } from '../../app/format';
import { ButtonLink } from '../../components/ButtonLink';
import { useSession } from '../auth/api';
import { trialDaysLeft } from './trial';

type PlanKey = keyof typeof PLANS;
const PLAN_KEYS: PlanKey[] = ['basic', 'business', 'platinum'];

/** One plan: monthly price (or 'on request'), percent of sales, the sales it suits. */
function PlanCard({ plan }: { plan: PlanKey }) {
  const { t } = useTranslation();
  const { monthlyCents, percent } = PLANS[plan];
  const range = PLAN_MONTHLY_SALES_EUR[plan];
  return (
    <Card
      title={<h2 className="plain-heading">{t(`pricing.plans.${plan}`)}</h2>}
      data-testid={`plan-${plan}`}
      className="plan-card"
    >
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {monthlyCents === null
          ? t('pricing.onRequest')
          : t('pricing.perMonth', { price: formatEuros(monthlyCents / 100) })}
      </Typography.Title>
      {percent !== null && (
        <p>
          <CheckOutlined /> {t('pricing.percentOfSales', { percent })}
        </p>
      )}
      <p>
        <CheckOutlined />{' '}
        {'below' in range
          ? t('pricing.salesBelow', { amount: formatEuros(range.below) })
          : t('pricing.salesAbove', { amount: formatEuros(range.above) })}
      </p>
    </Card>
  );
}

/** /pricing: the plans and the free trial. Sellers without a valid subscription land here. */
export default function PricingPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <div data-testid="pricing-page" className="pricing-page">
      <Typography.Title level={1}>{t('pricing.title')}</Typography.Title>
      {user && sellerNeedsPlan(user) && (
        <Alert
          type="warning"
          showIcon
          title={t('errors.plan_required')}
          description={user.subscription_expired ? t('pricing.trialOver') : undefined}
          style={{ marginBottom: 16 }}
          data-testid="plan-required"
        />
      )}
      {user?.role_id === ROLE.seller && trialDaysLeft(user.trial_end) !== null && (
        <Alert
          type="info"
          showIcon
          title={t('pricing.trialEnds', { date: formatDate(user.trial_end) })}
          style={{ marginBottom: 16 }}
          data-testid="pricing-trial-ends"
        />
      )}
      <Typography.Paragraph strong data-testid="pricing-trial">
        {t('pricing.trial', { days: TRIAL_DAYS })}
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {PLAN_KEYS.map((p) => (
          <Col key={p} xs={24} md={8}>
            <PlanCard plan={p} />
          </Col>
        ))}
      </Row>
      {!user && (
        <div style={{ marginTop: 24 }}>
          <ButtonLink type="primary" size="large" to="/signup">
            {t('pricing.start')}
          </ButtonLink>
        </div>
      )}
    </div>
  );
}
