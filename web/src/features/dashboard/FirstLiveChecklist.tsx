import { CheckCircleFilled, CloseOutlined } from '@ant-design/icons';
import { ONBOARDING_PATHS, type TOnboardingStep } from '@livecart/contract/onboarding-steps';
import { Button, Card, Progress, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ButtonLink';
import { Paragraph, Text } from '../../components/Typography';
import { useDismissChecklist, useOnboardingChecklist } from './api';

/** Where a step's link leads: its screen; the legal documents' card of the settings. */
const stepPath = (key: TOnboardingStep) =>
  key === 'legal' ? `${ONBOARDING_PATHS.legal}#legal` : ONBOARDING_PATHS[key];

/**
 * The first-live checklist at the top of a seller's dashboard: what stands between them and a
 * first paid live, each step ticked when done or linking to its screen. Hidden once every step
 * is done or the seller closed it.
 */
export function FirstLiveChecklist() {
  const { t } = useTranslation();
  const checklist = useOnboardingChecklist();
  const dismiss = useDismissChecklist();
  const data = checklist.data;
  if (!data || data.dismissed || data.done >= data.total) return null;

  return (
    <Card
      data-testid="checklist"
      style={{ marginBottom: 16 }}
      title={
        <Space wrap>
          <span>{t('checklist.title')}</span>
          <Text type="secondary" data-testid="checklist-progress">
            {`${data.done}/${data.total}`}
          </Text>
        </Space>
      }
      extra={
        <Button
          type="text"
          icon={<CloseOutlined />}
          aria-label={t('checklist.dismiss')}
          title={t('checklist.dismiss')}
          loading={dismiss.isPending}
          onClick={() => dismiss.mutate()}
          data-testid="checklist-dismiss"
        />
      }
    >
      <Paragraph type="secondary">{t('checklist.intro')}</Paragraph>
      <Progress percent={Math.round((data.done / Math.max(data.total, 1)) * 100)} showInfo={false} />
      {/* antd's List would bring its pagination and Select to the dashboard: a plain list, as it looks */}
      <ul className="checklist-steps">
        {data.steps.map((step) => (
          <li
            key={step.key}
            className="checklist-step"
            data-testid={`checklist-step-${step.key}`}
            data-done={String(step.done)}
          >
            <Space align="start">
              {step.done ? (
                <CheckCircleFilled style={{ color: '#52c41a' }} aria-label={t('checklist.done')} />
              ) : (
                <span aria-hidden style={{ display: 'inline-block', width: 14 }}>
                  ○
                </span>
              )}
              <Text delete={step.done} type={step.done ? 'secondary' : undefined}>
                {t(`checklist.steps.${step.key}`)}
              </Text>
            </Space>
            {!step.done && (
              <div className="checklist-step-action">
                <ButtonLink
                  to={stepPath(step.key)}
                  size="small"
                  type="primary"
                  data-testid={`checklist-link-${step.key}`}
                >
                  {t(`checklist.go.${step.key}`)}
                </ButtonLink>
              </div>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
