import { InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export interface Range {
  min?: number;
  max?: number;
}

/**
 * A min–max pair of numbers for list filters (`{min, max}` in queryFilter). In a Form.Item, its label
 * points at the first box (`id`); `label` names each box for screen readers ("Total: minimum").
 */
export function RangeInput({
  id,
  label,
  value,
  onChange,
  testId,
}: {
  id?: string;
  label?: string;
  value?: Range;
  onChange?: (v: Range) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const set = (patch: Range) => onChange?.({ ...value, ...patch });
  return (
    <Space.Compact data-testid={testId}>
      <InputNumber
        id={id}
        aria-label={label && t('list.rangeMin', { label })}
        min={0}
        placeholder={t('list.min')}
        value={value?.min ?? null}
        onChange={(v) => set({ min: v ?? undefined })}
        style={{ width: 90 }}
      />
      <InputNumber
        aria-label={label && t('list.rangeMax', { label })}
        min={0}
        placeholder={t('list.max')}
        value={value?.max ?? null}
        onChange={(v) => set({ max: v ?? undefined })}
        style={{ width: 90 }}
      />
    </Space.Compact>
  );
}
