import { DATE_FORMAT } from '@livecart/contract/constants';
import { zPrice } from '@livecart/contract/products';
import {
  Alert,
  App,
  Button,
  type ButtonProps,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Form,
  Input,
  Modal,
  Row,
  Space,
  Tag,
  TimePicker,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatEuros } from '../../app/format';
import { errorText, fieldText } from '../../app/i18n';
import { toast } from '../../app/notify';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { isApiError } from '../../lib/api';
import { useShopSettings } from '../settings/api';
import {
  type TFreePeriod,
  useClearFreePeriod,
  useFreePeriod,
  useSaveThreshold,
  useSetFreePeriod,
} from './api';
import { priceText } from './CountriesDrawer';
import { parisIso } from './parisTime';

const STATE_COLORS: Record<TFreePeriod['state'], string> = {
  scheduled: 'blue',
  active: 'green',
  ended: 'default',
};

/** Free shipping from an order amount: typed in euros (decimal comma or point), saved or cleared. */
function ThresholdCard() {
  const { t } = useTranslation();
  const settings = useShopSettings();
  const save = useSaveThreshold();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const current = settings.data?.free_shipping_status
    ? (settings.data.free_shipping_threshold ?? null)
    : null;

  useEffect(() => {
    setValue(current === null ? '' : priceText(current));
  }, [current]);

  const send = (threshold: number | null) =>
    save.mutate(threshold, {
      onSuccess: () =>
        toast(
          'success',
          t(threshold === null ? 'freeShipping.thresholdCleared' : 'freeShipping.thresholdSaved'),
        ),
      onError: (e) => {
        const field = isApiError(e) ? e.fields?.threshold : undefined;
        setError(field ? fieldText(t, field) : errorText(t, e));
      },
    });

  const submit = () => {
    const parsed = zPrice().safeParse(value);
    if (!parsed.success) {
      setError(fieldText(t, parsed.error.issues[0]?.message ?? 'invalid'));
      return;
    }
    setError(null);
    send(parsed.data as number);
  };

  return (
    <Card title={t('freeShipping.thresholdTitle')} style={{ marginBottom: 16 }} data-testid="threshold-card">
      <Typography.Paragraph type="secondary">{t('freeShipping.thresholdHelp')}</Typography.Paragraph>
      <Typography.Paragraph data-testid="threshold-current">
        {current === null
          ? t('freeShipping.thresholdNone')
          : t('freeShipping.thresholdCurrent', { amount: formatEuros(current) })}
      </Typography.Paragraph>
      <Form layout="vertical" onFinish={submit}>
        <Form.Item
          label={t('freeShipping.thresholdLabel')}
          htmlFor="free-shipping-threshold"
          validateStatus={error ? 'error' : undefined}
          help={error ?? undefined}
        >
          <Input
            id="free-shipping-threshold"
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
            inputMode="decimal"
            suffix="€"
            placeholder="50"
            style={{ maxWidth: 220 }}
            data-testid="threshold-input"
          />
        </Form.Item>
        <Space wrap>
          <Button
            type="primary"
            htmlType="submit"
            loading={save.isPending && save.variables !== null}
            data-testid="threshold-save"
          >
            {t('common.save')}
          </Button>
          {current !== null && (
            <Button
              onClick={() => send(null)}
              loading={save.isPending && save.variables === null}
              data-testid="threshold-clear"
            >
              {t('freeShipping.thresholdClear')}
            </Button>
          )}
        </Space>
      </Form>
    </Card>
  );
}

interface PeriodValues {
  startDate?: Dayjs | null;
  startTime?: Dayjs | null;
  endDate?: Dayjs | null;
  endTime?: Dayjs | null;
}

/** The setup modal: start and end day and time, Paris wall clock (SPEC §3 Free-shipping period). */
function PeriodModal({
  open,
  current,
  onClose,
}: {
  open: boolean;
  current: TFreePeriod | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<PeriodValues>();
  const save = useSetFreePeriod();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      form.resetFields();
      setError(null);
    }
  }, [open, form]);

  const send = (v: PeriodValues) => {
    const body = {
      free_shipping_from: parisIso(
        v.startDate?.format('YYYY-MM-DD') ?? '',
        v.startTime?.format('HH:mm') ?? '',
      ),
      free_shipping_to: parisIso(v.endDate?.format('YYYY-MM-DD') ?? '', v.endTime?.format('HH:mm') ?? ''),
    };
    return save.mutateAsync(body).then(
      () => {
        toast('success', t('freeShipping.periodSaved'));
        onClose();
      },
      (e: unknown) => {
        const fields = isApiError(e) ? (e.fields ?? {}) : {};
        const entries = [
          ['free_shipping_from', 'startDate'],
          ['free_shipping_to', 'endDate'],
        ].flatMap(([api, name]) => (fields[api] ? [{ name, errors: [fieldText(t, fields[api])] }] : []));
        if (entries.length) form.setFields(entries as never);
        else setError(errorText(t, e));
      },
    );
  };

  const onFinish = (v: PeriodValues) => {
    const start = `${v.startDate?.format('YYYY-MM-DD')} ${v.startTime?.format('HH:mm')}`;
    const end = `${v.endDate?.format('YYYY-MM-DD')} ${v.endTime?.format('HH:mm')}`;
    if (end <= start) {
      form.setFields([{ name: 'endDate', errors: [fieldText(t, 'period_order')] }]);
      return;
    }
    setError(null);
    if (current && current.state !== 'ended') {
      modal.confirm({
        title: t('freeShipping.deactivateTitle'),
        content: t('freeShipping.deactivateText', {
          from: formatDateTime(current.free_shipping_from),
          to: formatDateTime(current.free_shipping_to),
        }),
        okText: t('freeShipping.deactivateConfirm'),
        okButtonProps: { 'data-testid': 'confirm-ok' } as ButtonProps,
        cancelText: t('shipping.cancel'),
        onOk: () => send(v),
      });
    } else void send(v);
  };

  const required = { required: true, message: t('fields.required') };
  return (
    <Modal
      open={open}
      title={t('freeShipping.periodModalTitle')}
      okText={t('common.save')}
      cancelText={t('shipping.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'free-period-submit' } as ButtonProps}
      forceRender
    >
      <Typography.Paragraph type="secondary">{t('freeShipping.periodModalHelp')}</Typography.Paragraph>
      <Form<PeriodValues> form={form} layout="vertical" onFinish={onFinish} data-testid="free-period-form">
        <Row gutter={12}>
          <Col xs={14}>
            <Form.Item name="startDate" label={t('freeShipping.startDate')} rules={[required]}>
              <DatePicker
                format={DATE_FORMAT}
                placeholder={t('freeShipping.datePlaceholder')}
                style={{ width: '100%' }}
                data-testid="free-period-start-date"
              />
            </Form.Item>
          </Col>
          <Col xs={10}>
            <Form.Item name="startTime" label={t('freeShipping.startTime')} rules={[required]}>
              <TimePicker
                format="HH:mm"
                placeholder={t('freeShipping.timePlaceholder')}
                needConfirm={false}
                style={{ width: '100%' }}
                data-testid="free-period-start-time"
              />
            </Form.Item>
          </Col>
          <Col xs={14}>
            <Form.Item name="endDate" label={t('freeShipping.endDate')} rules={[required]}>
              <DatePicker
                format={DATE_FORMAT}
                placeholder={t('freeShipping.datePlaceholder')}
                style={{ width: '100%' }}
                data-testid="free-period-end-date"
              />
            </Form.Item>
          </Col>
          <Col xs={10}>
            <Form.Item name="endTime" label={t('freeShipping.endTime')} rules={[required]}>
              <TimePicker
                format="HH:mm"
                placeholder={t('freeShipping.timePlaceholder')}
                needConfirm={false}
                style={{ width: '100%' }}
                data-testid="free-period-end-time"
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {error && <Alert type="error" showIcon title={error} data-testid="free-period-error" />}
    </Modal>
  );
}

/** The free-shipping window: the current one, set a new one, delete it. */
function PeriodCard() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const period = useFreePeriod();
  const clear = useClearFreePeriod();
  const [open, setOpen] = useState(false);
  const current = period.data ?? null;

  const confirmClear = () =>
    modal.confirm({
      title: t('freeShipping.clearTitle'),
      content: t('freeShipping.clearText'),
      okText: t('freeShipping.clear'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as ButtonProps,
      cancelText: t('shipping.cancel'),
      onOk: () => clear.mutateAsync().then(() => toast('success', t('freeShipping.periodCleared'))),
    });

  return (
    <Card title={t('freeShipping.periodTitle')} style={{ marginBottom: 16 }} data-testid="free-period-card">
      <Typography.Paragraph type="secondary">{t('freeShipping.periodHelp')}</Typography.Paragraph>
      {current ? (
        <Descriptions
          column={1}
          size="small"
          bordered
          style={{ marginBottom: 16 }}
          data-testid="free-period-current"
          items={[
            {
              key: 'state',
              label: t('freeShipping.state'),
              children: (
                <Tag color={STATE_COLORS[current.state]} data-testid="free-period-state">
                  {t(`freeShipping.states.${current.state}`)}
                </Tag>
              ),
            },
            {
              key: 'from',
              label: t('freeShipping.from'),
              children: formatDateTime(current.free_shipping_from),
            },
            { key: 'to', label: t('freeShipping.to'), children: formatDateTime(current.free_shipping_to) },
          ]}
        />
      ) : (
        <Typography.Paragraph data-testid="free-period-none">
          {t('freeShipping.periodNone')}
        </Typography.Paragraph>
      )}
      <Space wrap>
        <Button type="primary" onClick={() => setOpen(true)} data-testid="free-period-set">
          {t('freeShipping.setPeriod')}
        </Button>
        {current && (
          <Button danger onClick={confirmClear} data-testid="free-period-clear">
            {t('freeShipping.clear')}
          </Button>
        )}
      </Space>
      <PeriodModal open={open} current={current} onClose={() => setOpen(false)} />
    </Card>
  );
}

/** /settings/free-shipping (seller): the free-shipping threshold and window (SPEC §3, §4). */
export default function FreeShippingPage() {
  const { t } = useTranslation();
  const settings = useShopSettings();
  const period = useFreePeriod();
  if (settings.isPending || period.isPending) return <FullScreenLoader />;
  return (
    <div data-testid="free-shipping-page" style={{ maxWidth: 760 }}>
      <Typography.Title level={1}>{t('freeShipping.title')}</Typography.Title>
      <Alert type="info" showIcon title={t('freeShipping.intro')} style={{ marginBottom: 16 }} />
      <ThresholdCard />
      <PeriodCard />
    </div>
  );
}
