import { CART_DURATION_MAX_MINUTES, DATE_FORMAT } from '@livecart/contract/constants';
import type { TLiveSession } from '@livecart/contract/live';
import type { ButtonProps } from 'antd';
import { DatePicker, Form, InputNumber, Modal, Select, TimePicker } from 'antd';
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from '../../app/dayjs';
import { parisParts } from '../../app/format';
import { toast } from '../../app/notify';
import { showServerErrors } from '../../components/form/rules';
import { useShopSettings } from '../settings/api';
import { type TLiveSessionSave, useLiveNow, useLiveScenarios, useSaveLiveSession } from './api';

interface FormValues {
  event_date?: Dayjs | null;
  event_time?: Dayjs | null;
  order_timer?: number | null;
  scenario?: string | null;
  /** The live video of the session's store, picked among those live now. */
  live_video_id?: string | null;
  /** Other stores feeding the session; left untouched, not sent (the session keeps its own). */
  store_ids?: number[];
}

/**
 * A new session starts with the next full hour today (Paris) and the shop's default cart duration
 * (Settings), 30 minutes until it is known.
 */
export const DEFAULT_CART_MINUTES = 30;

function initialValues(session: TLiveSession | null): FormValues {
  if (session) {
    return {
      event_date: dayjs(session.event_date),
      event_time: dayjs(`2000-01-01T${session.event_time}`),
      order_timer: session.order_timer,
      scenario: session.scenario ?? undefined,
    };
  }
  // the pickers hold Paris wall-clock values: the day and hour of one hour from now, in Paris
  const next = parisParts(Date.now() + 3_600_000) as NonNullable<ReturnType<typeof parisParts>>;
  return {
    event_date: dayjs(`${next.year}-${next.month}-${next.day}`),
    event_time: dayjs(`2000-01-01T${next.hour}:00`),
    order_timer: DEFAULT_CART_MINUTES,
    scenario: undefined,
  };
}

export function toSessionBody(v: FormValues, id?: number): TLiveSessionSave {
  return {
    ...(id && { id }),
    event_date: v.event_date?.format('YYYY-MM-DD') ?? '',
    event_time: v.event_time?.format('HH:mm') ?? '',
    order_timer: Number(v.order_timer),
    scenario: v.scenario || null,
    ...(v.live_video_id && { live_video_id: v.live_video_id }),
    ...(v.store_ids && { store_ids: v.store_ids }),
  };
}

export interface ScheduleLiveModalProps {
  open: boolean;
  /** The session being edited; null schedules a new one. */
  session: TLiveSession | null;
  onClose: () => void;
}

/**
 * The date selector: event day, start time, cart duration and chatbot scenario; when the seller's
 * page is live now, its live video, and the seller's other stores that may feed the session.
 */
export function ScheduleLiveModal({ open, session, onClose }: ScheduleLiveModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const scenarios = useLiveScenarios(open);
  const shop = useShopSettings({ enabled: open && !session, silent: true });
  const save = useSaveLiveSession();
  const now = useLiveNow(open);
  const shopCartDuration = shop.data?.cart_duration;
  // the session's own store: its store, else (a new session) the selected one
  const ownStore = session ? session.store_id : (now.data?.stores.find((s) => s.selected)?.id ?? null);
  const videos = (now.data?.videos ?? []).filter((v) => v.store_id === ownStore);
  const otherStores = (now.data?.stores ?? []).filter((s) => s.id !== ownStore);
  const platformName = (p: string) =>
    t(p === 'instagram' ? 'live.platformInstagram' : 'live.platformFacebook');

  // whether the seller typed a cart duration since the form opened
  const typedDuration = useRef(false);

  useEffect(() => {
    if (!open) return;
    typedDuration.current = false;
    form.resetFields();
    form.setFieldsValue(initialValues(session));
  }, [open, session, form]);

  // a new session takes the shop's default cart duration, unless the seller already typed one
  useEffect(() => {
    if (!open || session || shopCartDuration === undefined || typedDuration.current) return;
    form.setFieldValue('order_timer', shopCartDuration);
  }, [open, session, form, shopCartDuration]);

  const required: Rule = { required: true, message: t('fields.required') };
  const cartDuration: Rule[] = [
    required,
    {
      validator: async (_r, value) => {
        if (value === null || value === undefined || value === '') return;
        const n = Number(value);
        if (!Number.isInteger(n)) throw new Error(t('fields.integer'));
        if (n < 0 || n > CART_DURATION_MAX_MINUTES) throw new Error(t('fields.cart_duration_range'));
      },
    },
  ];

  const onFinish = (v: FormValues) =>
    save.mutate(toSessionBody(v, session?.id), {
      onSuccess: () => {
        toast('success', t(session ? 'live.sessionUpdated' : 'live.sessionScheduled'));
        onClose();
      },
      onError: (e) => showServerErrors(form, e, t),
    });

  return (
    <Modal
      open={open}
      title={t(session ? 'live.editTitle' : 'live.scheduleTitle')}
      okText={t(session ? 'common.save' : 'live.schedule')}
      cancelText={t('live.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'schedule-live-submit' } as ButtonProps}
      forceRender
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        onValuesChange={(changed) => {
          if ('order_timer' in changed) typedDuration.current = true;
        }}
        data-testid="schedule-live-form"
      >
        <Form.Item name="event_date" label={t('live.eventDate')} rules={[required]}>
          <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} data-testid="schedule-date" />
        </Form.Item>
        <Form.Item name="event_time" label={t('live.startTime')} rules={[required]}>
          <TimePicker
            format="HH:mm"
            minuteStep={5}
            needConfirm={false}
            style={{ width: '100%' }}
            data-testid="schedule-time"
          />
        </Form.Item>
        <Form.Item
          name="order_timer"
          label={t('live.cartDurationMinutes')}
          extra={t('live.cartDurationHint')}
          rules={cartDuration}
        >
          <InputNumber style={{ width: '100%' }} data-testid="schedule-cart-duration" />
        </Form.Item>
        <Form.Item name="scenario" label={t('live.scenario')}>
          <Select
            allowClear
            loading={scenarios.isFetching}
            placeholder={t('live.scenarioPlaceholder')}
            options={(scenarios.data ?? []).map((s) => ({
              value: s.name,
              label: s.type === 'system' ? s.name : `${s.name} (${t('live.ownScenario')})`,
            }))}
            data-testid="schedule-scenario"
          />
        </Form.Item>
        {videos.length > 0 && (
          <Form.Item name="live_video_id" label={t('live.liveVideo')} extra={t('live.liveVideoHint')}>
            <Select
              allowClear
              placeholder={t('live.liveVideoPlaceholder')}
              options={videos.map((v) => ({
                value: v.video_id,
                label: `${v.title || t('live.untitledVideo')} (${platformName(v.platform)})`,
              }))}
              data-testid="schedule-live-video"
            />
          </Form.Item>
        )}
        {otherStores.length > 0 && (
          <Form.Item name="store_ids" label={t('live.extraStores')} extra={t('live.extraStoresHint')}>
            <Select
              mode="multiple"
              allowClear
              placeholder={t('live.extraStoresPlaceholder')}
              options={otherStores.map((s) => ({
                value: s.id,
                label: `${s.name} (${platformName(s.platform)})`,
              }))}
              data-testid="schedule-extra-stores"
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
