import type { TLiveSessionStatus } from '@livecart/contract/constants';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<TLiveSessionStatus, string> = {
  scheduled: 'blue',
  live: 'red',
  closed: 'default',
};

/** scheduled / live / closed, colour coded. */
export function LiveStatusTag({ status, testId }: { status: TLiveSessionStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-testid={testId} data-status={status}>
      {t(`live.status.${status}`)}
    </Tag>
  );
}
