import { ZUpdatePercentBody } from '@livecart/contract/sellers';
import { App, type ButtonProps, Form, InputNumber, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../app/format';
import { toast } from '../../app/notify';
import { zodRule } from '../../components/form/rules';
import { sellerName, type TSellerRow, useUpdatePercent } from './api';

export interface PercentModalProps {
  seller: TSellerRow | null;
  onClose: () => void;
}

/**
 * The seller percent form, then its confirmation (SPEC §2 modals): the new percent is asked, then
 * confirmed with the old and new side by side, then saved and said so.
 */
export function PercentModal({ seller, onClose }: PercentModalProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<{ percent: number | null }>();
  const save = useUpdatePercent();
  const name = seller ? sellerName(seller) : '';

  const confirm = (percent: number) => {
    if (!seller) return;
    modal.confirm({
      title: t('sellers.percentConfirmTitle'),
      content: t('sellers.percentConfirmText', {
        seller: name,
        from: formatPercent(seller.transaction_percent) || t('sellers.percentNone'),
        to: formatPercent(percent),
      }),
      okText: t('sellers.percentConfirmOk'),
      cancelText: t('sellers.cancel'),
      okButtonProps: { 'data-testid': 'percent-confirm-ok' } as ButtonProps,
      // a refusal is said by the error toast; the form stays open to correct it
      onOk: () =>
        save.mutateAsync({ seller_id: seller.id, percent }).then(
          () => {
            toast('success', t('sellers.percentSaved'));
            onClose();
          },
          () => undefined,
        ),
    });
  };

  return (
    <Modal
      open={!!seller}
      title={t('sellers.percentTitle', { seller: name })}
      okText={t('sellers.percentNext')}
      cancelText={t('sellers.cancel')}
      okButtonProps={{ 'data-testid': 'percent-submit' } as ButtonProps}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="percent-modal"
    >
      <Typography.Paragraph>
        {t('sellers.percentCurrent', {
          percent: formatPercent(seller?.transaction_percent) || t('sellers.percentNone'),
        })}
      </Typography.Paragraph>
      <Form
        key={seller?.id}
        form={form}
        layout="vertical"
        initialValues={{ percent: seller?.transaction_percent ?? null }}
        onFinish={(v) => confirm(Number(v.percent))}
        preserve={false}
      >
        <Form.Item
          name="percent"
          label={t('sellers.percentLabel')}
          extra={t('sellers.percentHelp')}
          rules={[
            { required: true, message: t('fields.required') },
            zodRule(ZUpdatePercentBody.shape.percent, t, { optional: true }),
          ]}
        >
          <InputNumber
            min={0}
            max={100}
            step={0.01}
            precision={2}
            decimalSeparator=","
            // 4,5 or 4.5: either decimal mark is read (the field parses the text it is given back)
            parser={(v) => (v ?? '').replace(/[\s%]/g, '').replace(',', '.') as unknown as number}
            suffix="%"
            style={{ width: '100%' }}
            autoFocus
            data-testid="percent-input"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
