import type { TPaymentRow } from '@livecart/contract/payments';
import { Alert, Button, type ButtonProps, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatEuros } from '../../app/format';
import { toast } from '../../app/notify';
import { useRefundPayment } from './api';

/**
 * A paid payment that delivers nothing (`refund_due`): why, and the button that refunds it through
 * its provider. The order stays as it is. A refusal is shown by the query client's error toast.
 */
export function RefundDue({ payment }: { payment: TPaymentRow }) {
  const { t } = useTranslation();
  const refund = useRefundPayment();
  if (!payment.refund_due) return null;
  const amount = formatEuros(payment.amount);
  return (
    <Alert
      type="warning"
      showIcon
      className="refund-due"
      data-testid={`refund-due-${payment.id}`}
      title={t('payments.refundDue.title', { amount })}
      description={
        <>
          <div>
            {t(`payments.refundDue.reasons.${payment.refund_due}`)} {t('payments.refundDue.keepsOrder')}
          </div>
          {/* under the reason, not beside it: a phone keeps the text its whole width */}
          <Popconfirm
            title={t('payments.refundDue.confirm', { amount })}
            okText={t('payments.refundDue.yes')}
            cancelText={t('payments.refundDue.no')}
            okButtonProps={{ danger: true, 'data-testid': 'refund-due-ok' } as ButtonProps}
            onConfirm={() =>
              refund
                .mutateAsync(payment.id)
                .then(() => toast('success', t('payments.refundDue.done')))
                .catch(() => undefined)
            }
          >
            <Button
              danger
              size="small"
              className="refund-due-action"
              loading={refund.isPending}
              data-testid="refund-due-action"
            >
              {t('payments.refundDue.action', { amount })}
            </Button>
          </Popconfirm>
        </>
      }
    />
  );
}
