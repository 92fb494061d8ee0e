import { BankOutlined, CreditCardOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, type ButtonProps, Card, Empty, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/notify';
import {
  type TBillingPaymentMethod,
  useAddPaymentMethod,
  useDeletePaymentMethod,
  usePaymentMethods,
  useSetDefaultPaymentMethod,
} from './api';
import { goToSetup } from './setupRecord';

/** "Visa •••• 4242" or "SEPA •••• 3189". */
export function methodLabel(m: TBillingPaymentMethod, sepa: string): string {
  const name = m.kind === 'sepa_debit' ? sepa : (m.brand ?? '').replace(/^\w/, (c) => c.toUpperCase());
  return `${name} •••• ${m.last4 ?? '????'}`;
}

const expiry = (m: TBillingPaymentMethod) =>
  m.exp_month && m.exp_year ? `${String(m.exp_month).padStart(2, '0')}/${m.exp_year}` : null;

/** My Plan's payment methods: the saved cards and mandates, the default one, add, delete. */
export function PaymentMethodsCard() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const methods = usePaymentMethods();
  const add = useAddPaymentMethod();
  const setDefault = useSetDefaultPaymentMethod();
  const remove = useDeletePaymentMethod();

  const confirmDelete = (m: TBillingPaymentMethod) =>
    modal.confirm({
      title: t('myPlan.methods.deleteTitle'),
      content: t('myPlan.methods.deleteText', { method: methodLabel(m, t('myPlan.methods.sepa')) }),
      okText: t('myPlan.methods.delete'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as ButtonProps,
      cancelText: t('common.cancel'),
      onOk: () => remove.mutateAsync(m.id).then(() => toast('success', t('myPlan.methods.deleted'))),
    });

  return (
    <Card title={t('myPlan.methods.title')} data-testid="payment-methods">
      {methods.isPending ? (
        <Spin />
      ) : (methods.data ?? []).length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={<span data-testid="payment-methods-empty">{t('myPlan.methods.empty')}</span>}
        />
      ) : (
        <div className="billing-methods">
          {(methods.data ?? []).map((m) => (
            <div key={m.id} className="billing-method" data-testid={`payment-method-${m.id}`}>
              <Space wrap>
                {m.kind === 'sepa_debit' ? <BankOutlined /> : <CreditCardOutlined />}
                <Typography.Text strong data-testid={`payment-method-label-${m.id}`}>
                  {methodLabel(m, t('myPlan.methods.sepa'))}
                </Typography.Text>
                {expiry(m) && (
                  <Typography.Text type="secondary">
                    {t('myPlan.methods.expires', { date: expiry(m) })}
                  </Typography.Text>
                )}
                {m.is_default && (
                  <Tag color="blue" data-testid={`payment-method-is-default-${m.id}`}>
                    {t('myPlan.methods.default')}
                  </Tag>
                )}
                {m.status === 'expired' && <Tag color="red">{t('myPlan.methods.expired')}</Tag>}
              </Space>
              <Space wrap>
                {!m.is_default && (
                  <Button
                    size="small"
                    loading={setDefault.isPending && setDefault.variables === m.id}
                    onClick={() =>
                      setDefault.mutate(m.id, {
                        onSuccess: () => toast('success', t('myPlan.methods.defaultSaved')),
                      })
                    }
                    data-testid={`payment-method-default-${m.id}`}
                  >
                    {t('myPlan.methods.makeDefault')}
                  </Button>
                )}
                <Button
                  size="small"
                  danger
                  onClick={() => confirmDelete(m)}
                  data-testid={`payment-method-delete-${m.id}`}
                >
                  {t('myPlan.methods.delete')}
                </Button>
              </Space>
            </div>
          ))}
        </div>
      )}
      <div style={{ marginTop: 16 }}>
        <Button
          icon={<PlusOutlined />}
          loading={add.isPending}
          onClick={() =>
            add.mutate('plan', {
              onSuccess: (s) => goToSetup(s.redirectUrl, { purpose: 'add_method', returnTo: 'plan' }),
            })
          }
          data-testid="payment-method-add"
        >
          {t('myPlan.methods.add')}
        </Button>
      </div>
    </Card>
  );
}
