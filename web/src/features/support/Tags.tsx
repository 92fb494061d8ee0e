import type { TSupportStatus, TSupportType } from '@livecart/contract/support';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<TSupportStatus, string> = { open: 'gold', answered: 'green', closed: 'default' };
const TYPE_COLORS: Record<TSupportType, string> = { support: 'blue', contact: 'cyan', demo: 'orange' };

/** Where a request stands: open, answered, closed. */
export function SupportStatusTag({ status, testId }: { status: TSupportStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} data-testid={testId}>
      {t(`support.status.${status}`)}
    </Tag>
  );
}

/** Where a request came from: the Support page, the contact form, the demo form. */
export function SupportTypeTag({ type }: { type: TSupportType }) {
  const { t } = useTranslation();
  return <Tag color={TYPE_COLORS[type]}>{t(`support.type.${type}`)}</Tag>;
}
