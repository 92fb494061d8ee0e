import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

export interface CountrySelectProps {
  /** Given by a Form.Item, so its label names the field. */
  id?: string;
  options: { value: number; label: string }[];
  value?: number;
  onChange?: (value: number | undefined) => void;
  loading?: boolean;
  allowClear?: boolean;
  testId?: string;
}

/** A searchable country dropdown with the 'Select Country' placeholder (SPEC §5). */
export function CountrySelect({
  id,
  options,
  value,
  onChange,
  loading,
  allowClear,
  testId,
}: CountrySelectProps) {
  const { t } = useTranslation();
  return (
    <Select
      id={id}
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
      value={value}
      onChange={onChange}
      loading={loading}
      allowClear={allowClear}
      placeholder={t('address.selectCountry')}
      data-testid={testId ?? 'country-select'}
    />
  );
}
