import { type TSellerOrder, type TShipmentInfo, ZShipmentInfo } from '@livecart/contract/sellerOrders';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../components/form/rules';

type Values = Record<string, { carrier?: string; tracking_number?: string } | undefined>;

export interface ShipOrdersModalProps {
  /** The checked orders; null when closed. */
  orders: TSellerOrder[] | null;
  saving?: boolean;
  onSubmit: (shipments: TShipmentInfo[]) => void;
  onClose: () => void;
}

/**
 * Marks the checked orders shipped: a carrier and a tracking number per order, both optional (the
 * shopper's e-mail carries the tracking link when given). Orders that are not paid are listed by
 * the server as refused.
 */
export function ShipOrdersModal({ orders, saving, onSubmit, onClose }: ShipOrdersModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const notPaid = (orders ?? []).some((o) => o.status !== 'payed');

  const submit = (values: Values) => {
    const shipments: TShipmentInfo[] = [];
    for (const o of orders ?? []) {
      const carrier = values[o.id]?.carrier?.trim();
      const tracking = values[o.id]?.tracking_number?.trim();
      if (!carrier && !tracking) continue;
      shipments.push({
        id: o.id,
        ...(carrier ? { carrier } : {}),
        ...(tracking ? { tracking_number: tracking } : {}),
      });
    }
    onSubmit(shipments);
  };

  return (
    <Modal
      open={!!orders}
      title={t('orders.shipTitle')}
      okText={t('orders.shipConfirm')}
      cancelText={t('orders.cancel')}
      okButtonProps={{ loading: saving, 'data-testid': 'orders-ship-submit' } as never}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="orders-ship-modal"
    >
      <Typography.Paragraph>{t('orders.shipHelp')}</Typography.Paragraph>
      {notPaid && <Alert type="info" showIcon title={t('orders.shipNotPaid')} className="form-alert" />}
      <Form<Values> form={form} layout="vertical" onFinish={submit} preserve={false}>
        {(orders ?? []).map((o) => (
          <fieldset key={o.id} className="ship-order" data-testid={`ship-order-${o.order_number}`}>
            <legend>
              <strong>{o.order_number}</strong> · {o.buyer ?? o.buyer_email ?? '—'}
            </legend>
            <Form.Item
              name={[String(o.id), 'carrier']}
              label={t('orders.carrier')}
              rules={[zodRule(ZShipmentInfo.shape.carrier, t, { optional: true })]}
            >
              <Input
                aria-label={t('orders.carrierOf', { number: o.order_number })}
                data-testid={`ship-carrier-${o.order_number}`}
              />
            </Form.Item>
            <Form.Item
              name={[String(o.id), 'tracking_number']}
              label={t('orders.trackingNumber')}
              rules={[zodRule(ZShipmentInfo.shape.tracking_number, t, { optional: true })]}
            >
              <Input
                aria-label={t('orders.trackingOf', { number: o.order_number })}
                data-testid={`ship-tracking-${o.order_number}`}
              />
            </Form.Item>
          </fieldset>
        ))}
      </Form>
    </Modal>
  );
}
