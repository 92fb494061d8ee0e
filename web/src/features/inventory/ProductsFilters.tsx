import type { TProductAdditional } from '@livecart/contract/products';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../app/useLocale';
import { FiltersBar } from '../../components/FiltersBar';
import { type Range, RangeInput } from '../../components/RangeInput';
import { nameOf, sizeOptions } from './options';

/** The products filter of SPEC §3, as sent in queryFilter. */
export interface ProductsFilter {
  product_name?: string;
  color_id?: number;
  size_id?: number;
  material_id?: number;
  price?: Range;
  quantity?: Range;
}

/** The filter the form holds, its name trimmed. */
function fromForm(v: ProductsFilter): ProductsFilter {
  return { ...v, product_name: v.product_name?.trim() || undefined };
}

export interface ProductsFiltersProps {
  value: ProductsFilter;
  additional?: TProductAdditional;
  onApply: (filter: ProductsFilter) => void;
  onReset: () => void;
}

/** Name, colour, size and material, price and quantity ranges. */
export function ProductsFilters({ value, additional, onApply, onReset }: ProductsFiltersProps) {
  const { t } = useTranslation();
  const locale = useLocale();

  const named = (items: { id: number; name_fr: string; name_en: string }[] = []) =>
    items.map((i) => ({ value: i.id, label: nameOf(i, locale) }));

  return (
    <FiltersBar<ProductsFilter>
      value={value}
      fromForm={fromForm}
      onApply={onApply}
      onReset={onReset}
      testId="products-filters"
    >
      <Form.Item name="product_name" label={t('inventory.productName')}>
        <Input allowClear style={{ width: 180 }} data-testid="filter-product-name" />
      </Form.Item>
      <Form.Item name="color_id" label={t('inventory.color')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('inventory.select')}
          options={named(additional?.colors)}
          style={{ width: 140 }}
          data-testid="filter-color"
        />
      </Form.Item>
      <Form.Item name="size_id" label={t('inventory.size')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('inventory.select')}
          options={sizeOptions(additional, locale, t)}
          style={{ width: 140 }}
          data-testid="filter-size"
        />
      </Form.Item>
      <Form.Item name="material_id" label={t('inventory.material')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('inventory.select')}
          options={named(additional?.materials)}
          style={{ width: 140 }}
          data-testid="filter-material"
        />
      </Form.Item>
      <Form.Item name="price" label={t('inventory.price')}>
        <RangeInput label={t('inventory.price')} testId="filter-price" />
      </Form.Item>
      <Form.Item name="quantity" label={t('inventory.quantity')}>
        <RangeInput label={t('inventory.quantity')} testId="filter-quantity" />
      </Form.Item>
    </FiltersBar>
  );
}
