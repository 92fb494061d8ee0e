import { ZUpdateConfigQtyBody } from '@livecart/contract/carts';
import type { TWaitingItem } from '@livecart/contract/orders';
import { Form, InputNumber, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../components/form/rules';
import { variantText } from './variant';

export interface WaitingQtyModalProps {
  item: TWaitingItem | null;
  saving?: boolean;
  onSubmit: (quantity: number) => void;
  onClose: () => void;
}

/**
 * The 'waiting-list quantity' modal (SPEC §2): sets the configuration's stock; an increase goes
 * to the shoppers waiting, first come first served.
 */
export function WaitingQtyModal({ item, saving, onSubmit, onClose }: WaitingQtyModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ quantity: number | null }>();
  return (
    <Modal
      open={!!item}
      title={t('waitingList.qtyTitle')}
      okText={t('waitingList.qtySave')}
      cancelText={t('waitingList.cancel')}
      okButtonProps={{ loading: saving, 'data-testid': 'waiting-qty-submit' } as never}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="waiting-qty-modal"
    >
      {item && (
        <Typography.Paragraph>
          <strong>{item.name}</strong> {variantText({ color_label: item.color, size_label: item.size })} —{' '}
          {t('waitingList.qtyHelp', { count: item.total_qty })}
        </Typography.Paragraph>
      )}
      <Form
        key={item?.configuration_id}
        form={form}
        layout="vertical"
        initialValues={{ quantity: item?.stock ?? null }}
        onFinish={(v) => onSubmit(Number(v.quantity))}
        preserve={false}
      >
        <Form.Item
          name="quantity"
          label={t('waitingList.stock')}
          rules={[zodRule(ZUpdateConfigQtyBody.shape.quantity, t)]}
        >
          <InputNumber style={{ width: '100%' }} data-testid="waiting-qty-input" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
