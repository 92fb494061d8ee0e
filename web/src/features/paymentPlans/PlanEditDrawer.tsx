import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { MAX_PLAN_FEATURES } from '@livecart/contract/billing';
import { Alert, Button, Col, Drawer, Form, Input, InputNumber, Row, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/notify';
import { useIsPhone } from '../../app/useIsPhone';
import { showServerErrors } from '../../components/form/rules';
import { type TPaymentPlan, useSavePaymentPlan } from './api';

interface PlanForm {
  name_fr: string;
  name_en: string;
  price: number | null;
  yearly_price: number | null;
  percent: number | null;
  features_fr: string[];
  features_en: string[];
  active: boolean;
}

/** An editable list of feature lines in one language. */
function FeaturesList({ name, label }: { name: 'features_fr' | 'features_en'; label: string }) {
  const { t } = useTranslation();
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <div data-testid={`plan-edit-${name}`}>
          <Typography.Text strong>{label}</Typography.Text>
          {fields.map((f, i) => (
            <div key={f.key} style={{ display: 'flex', gap: 8, marginTop: 8 }}>
              <Form.Item
                name={f.name}
                style={{ flex: 1, marginBottom: 0 }}
                rules={[
                  { required: true, whitespace: true, message: t('fields.required') },
                  { max: 200, message: t('fields.max_chars', { charNumber: 200 }) },
                ]}
              >
                <Input
                  aria-label={`${label} ${i + 1}`}
                  data-testid={`plan-edit-${name}-${i}`}
                  maxLength={200}
                />
              </Form.Item>
              <Button
                icon={<DeleteOutlined />}
                onClick={() => remove(f.name)}
                aria-label={t('paymentPlans.removeFeature')}
                data-testid={`plan-edit-${name}-remove-${i}`}
              />
            </div>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add('')}
            disabled={fields.length >= MAX_PLAN_FEATURES}
            style={{ marginTop: 8 }}
            block
            data-testid={`plan-edit-${name}-add`}
          >
            {t('paymentPlans.addFeature')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

/** The admin's edit of one plan: names, prices, percent, features, active. */
export function PlanEditDrawer({ plan, onClose }: { plan: TPaymentPlan | null; onClose: () => void }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const [form] = Form.useForm<PlanForm>();
  const save = useSavePaymentPlan();

  useEffect(() => {
    if (!plan) return;
    form.setFieldsValue({
      name_fr: plan.name_fr,
      name_en: plan.name_en,
      price: plan.price,
      yearly_price: plan.yearly_price,
      percent: plan.percent,
      features_fr: plan.features_fr,
      features_en: plan.features_en,
      active: plan.active,
    });
  }, [plan, form]);

  const submit = (v: PlanForm) => {
    if (!plan) return;
    save.mutate(
      {
        id: plan.id,
        name_fr: v.name_fr.trim(),
        name_en: v.name_en.trim(),
        price: v.price ?? null,
        yearly_price: v.yearly_price ?? null,
        percent: v.percent ?? null,
        features_fr: (v.features_fr ?? []).map((s) => s.trim()),
        features_en: (v.features_en ?? []).map((s) => s.trim()),
        active: v.active,
      },
      {
        onSuccess: () => {
          toast('success', t('paymentPlans.saved'));
          onClose();
        },
        onError: (e) => {
          showServerErrors(form, e, t);
          toast('error', t('paymentPlans.saveFailed'));
        },
      },
    );
  };

  const euros = {
    min: 0,
    max: 1_000_000,
    step: 1,
    precision: 2,
    decimalSeparator: ',',
    style: { width: '100%' },
  };

  return (
    <Drawer
      open={plan !== null}
      onClose={onClose}
      size={isPhone ? '100%' : 640}
      title={plan ? t('paymentPlans.editTitle', { plan: plan.name }) : ''}
      destroyOnHidden
      data-testid="plan-edit-drawer"
      extra={
        <Button
          type="primary"
          loading={save.isPending}
          onClick={() => form.submit()}
          data-testid="plan-edit-save"
        >
          {t('common.save')}
        </Button>
      }
    >
      <Alert
        type="info"
        showIcon
        title={t('paymentPlans.appliesTo')}
        style={{ marginBottom: 16 }}
        data-testid="plan-edit-rule"
      />
      <Form form={form} layout="vertical" onFinish={submit}>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="name_fr"
              label={t('paymentPlans.nameFr')}
              rules={[{ required: true, whitespace: true, message: t('fields.required') }]}
            >
              <Input data-testid="plan-edit-name-fr" maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="name_en"
              label={t('paymentPlans.nameEn')}
              rules={[{ required: true, whitespace: true, message: t('fields.required') }]}
            >
              <Input data-testid="plan-edit-name-en" maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item
              name="price"
              label={t('paymentPlans.monthly')}
              extra={t('paymentPlans.emptyOnRequest')}
            >
              <InputNumber {...euros} suffix="€" data-testid="plan-edit-price" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item
              name="yearly_price"
              label={t('paymentPlans.yearly')}
              extra={t('paymentPlans.emptyMonthlyOnly')}
            >
              <InputNumber {...euros} suffix="€" data-testid="plan-edit-yearly" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="percent" label={t('paymentPlans.percent')}>
              <InputNumber
                min={0}
                max={100}
                step={0.5}
                precision={2}
                decimalSeparator=","
                suffix="%"
                style={{ width: '100%' }}
                data-testid="plan-edit-percent"
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col xs={24} md={12} style={{ marginBottom: 16 }}>
            <FeaturesList name="features_fr" label={t('paymentPlans.featuresFr')} />
          </Col>
          <Col xs={24} md={12} style={{ marginBottom: 16 }}>
            <FeaturesList name="features_en" label={t('paymentPlans.featuresEn')} />
          </Col>
        </Row>
        <Form.Item name="active" label={t('paymentPlans.active')} valuePropName="checked">
          <Switch data-testid="plan-edit-active" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
