import { FilterOutlined } from '@ant-design/icons';
import { DATE_FORMAT } from '@livecart/contract/constants';
import { Button, DatePicker, Drawer, Form, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from '../app/dayjs';
import { useIsPhone } from '../app/useIsPhone';

/** A range of days as sent in queryFilter: YYYY-MM-DD, either end optional. */
export interface DayRange {
  from?: string;
  to?: string;
}

const DAY = 'YYYY-MM-DD';

/**
 * A filter's range of days: a from–to picker (DD/MM/YYYY, either end may stay empty) whose value is
 * the filter's `{from, to}` itself, YYYY-MM-DD. The days are calendar days, read and written without
 * a zone, so the device's zone never moves them; the server counts them as Europe/Paris days.
 * Goes in a Form.Item of a FiltersBar, as RangeInput does for numbers.
 */
export function DayRangeInput({
  id,
  value,
  onChange,
  testId,
}: {
  /** Given by a Form.Item, so its label names the first day's box. */
  id?: string;
  value?: DayRange;
  onChange?: (range: DayRange) => void;
  testId?: string;
}) {
  const from = value?.from;
  const to = value?.to;
  const picked = useMemo(
    (): [Dayjs | null, Dayjs | null] | null =>
      from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null,
    [from, to],
  );
  return (
    <DatePicker.RangePicker
      id={id}
      value={picked}
      onChange={(days) => {
        const [start, end] = days ?? [];
        onChange?.({ from: start?.format(DAY), to: end?.format(DAY) });
      }}
      format={DATE_FORMAT}
      allowEmpty={[true, true]}
      data-testid={testId}
    />
  );
}

export interface FiltersBarProps<F, V> {
  /** The filter applied now (from the address); the form shows it again whenever it changes. */
  value: F;
  /**
   * The filter as the form holds it, and back, for a form that holds other values than the filter
   * (a trimmed text, a default left out of the address); both must be stable (module-level)
   * functions. Without them the form holds the filter as it is, day ranges included.
   */
  toForm?: (filter: F) => V;
  fromForm?: (values: V) => F;
  onApply: (filter: F) => void;
  onReset: () => void;
  testId: string;
  /** The Form.Items of the filters. */
  children: ReactNode;
}

const same = <T,>(x: T): T => x;

const isSet = (v: unknown): boolean => {
  if (v === undefined || v === null || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'object') return Object.values(v).some(isSet);
  return true;
};

/** How many filters `filter` applies: a range or a day range counts once, whichever ends are set. */
export const activeFilterCount = (filter: object): number => Object.values(filter).filter(isSet).length;

/**
 * A list screen's filters form with its Apply (`filters-apply`) and Reset (`filters-reset`)
 * buttons: Apply sends the form's filter, Reset clears the list's filters. On a wide screen the
 * filters stand inline above the list; on a phone they wait in a drawer opened by a Filters button
 * (`filters-open`) that says how many are applied, so the list's first rows stay in view.
 */
export function FiltersBar<F extends object, V extends object = F>(props: FiltersBarProps<F, V>) {
  const { value, toForm = same as (f: F) => V, fromForm = same as (v: V) => F } = props;
  const { onApply, onReset, testId, children } = props;
  const { t } = useTranslation();
  const phone = useIsPhone();
  const [open, setOpen] = useState(false);
  const drawerId = useId();
  const [form] = Form.useForm<V>();
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toForm(value) as Parameters<typeof form.setFieldsValue>[0]);
  }, [value, form, toForm]);

  const apply = (v: V) => {
    setOpen(false);
    onApply(fromForm(v));
  };
  const reset = () => {
    setOpen(false);
    onReset();
  };

  const buttons = (
    <Space className={phone ? 'filters-drawer-actions' : undefined}>
      <Button type="primary" htmlType="submit" data-testid="filters-apply">
        {t('list.apply')}
      </Button>
      <Button onClick={reset} data-testid="filters-reset">
        {t('list.reset')}
      </Button>
    </Space>
  );

  if (!phone) {
    return (
      <Form<V> form={form} layout="inline" onFinish={apply} className="filters-bar" data-testid={testId}>
        {children}
        {buttons}
      </Form>
    );
  }

  const active = activeFilterCount(value);
  return (
    <>
      <Button
        icon={<FilterOutlined />}
        type={active > 0 ? 'primary' : 'default'}
        ghost={active > 0}
        onClick={() => setOpen(true)}
        aria-expanded={open}
        aria-controls={drawerId}
        data-testid="filters-open"
        data-active-count={active}
      >
        {active > 0 ? t('list.filtersActive', { count: active }) : t('list.filters')}
      </Button>
      <Drawer
        id={drawerId}
        open={open}
        onClose={() => setOpen(false)}
        title={t('list.filters')}
        placement="right"
        rootClassName="filters-drawer"
        forceRender
      >
        {/* the buttons stay in the form (Enter applies it) and stick to the drawer's bottom */}
        <Form<V> form={form} layout="vertical" onFinish={apply} data-testid={testId}>
          {children}
          {buttons}
        </Form>
      </Drawer>
    </>
  );
}
