import { MAX_COLORS, MAX_SIZES } from '@livecart/contract/constants';
import type { TProductAdditional } from '@livecart/contract/products';
import { zPrice, zQuantity, zSku } from '@livecart/contract/products';
import {
  Button,
  Card,
  Col,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Switch,
} from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../app/useLocale';
import { useRules, zodRule } from '../../components/form/rules';
import { ConfigurationsGrid } from './ConfigurationsGrid';
import { buildGrid, type ProductFormValues } from './grid';
import { nameOf, sizeOptions } from './options';

export interface ProductFormProps {
  form: FormInstance<ProductFormValues>;
  initialValues: ProductFormValues;
  additional?: TProductAdditional;
  saving: boolean;
  onSubmit: (values: ProductFormValues) => void;
  onReset: () => void;
  /** The photos card, shown beside the form. */
  photos: ReactNode;
}

/** The product editor: general fields, variations (simple or colour × size grid) and photos. */
export function ProductForm({
  form,
  initialValues,
  additional,
  saving,
  onSubmit,
  onReset,
  photos,
}: ProductFormProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const rules = useRules();
  const configured = Form.useWatch('configured', form) ?? initialValues.configured;
  const named = (items: { id: number; name_fr: string; name_en: string }[] = []) =>
    items.map((i) => ({ value: i.id, label: nameOf(i, locale) }));
  const colors = named(additional?.colors);
  const sizes = sizeOptions(additional, locale, t);

  const onValuesChange = (changed: Partial<ProductFormValues>) => {
    if ('selectedColors' in changed || 'selectedSizes' in changed || 'configured' in changed) {
      const v = form.getFieldsValue(true) as ProductFormValues;
      form.setFieldValue(
        'configurations',
        buildGrid(v.selectedColors ?? [], v.selectedSizes ?? [], v.configurations ?? []),
      );
    }
  };

  return (
    <Form<ProductFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onValuesChange={onValuesChange}
      onFinish={() => onSubmit(form.getFieldsValue(true) as ProductFormValues)}
      scrollToFirstError
      data-testid="product-form"
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Space orientation="vertical" style={{ width: '100%' }} size={16}>
            <Card title={t('product.general')}>
              <Form.Item name="name" label={t('product.name')} rules={rules.text(1, 255)} required>
                <Input data-testid="product-name-input" />
              </Form.Item>
              <Form.Item name="description" label={t('product.description')}>
                <Input.TextArea
                  autoSize={{ minRows: 3, maxRows: 10 }}
                  maxLength={5000}
                  data-testid="product-description"
                />
              </Form.Item>
              <Form.Item name="keywords" label={t('product.keywords')} extra={t('product.keywordsHint')}>
                <Select
                  mode="tags"
                  tokenSeparators={[',']}
                  open={false}
                  suffixIcon={null}
                  data-testid="product-keywords"
                />
              </Form.Item>
              <Row gutter={16}>
                <Col xs={24} md={8}>
                  <Form.Item name="isPublish" label={t('product.publish')} valuePropName="checked">
                    <Switch data-testid="product-publish" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item name="style" label={t('product.style')}>
                    <Select
                      allowClear
                      options={named(additional?.styles)}
                      placeholder={t('inventory.select')}
                      data-testid="product-style"
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item name="material" label={t('product.material')}>
                    <Select
                      allowClear
                      options={named(additional?.materials)}
                      placeholder={t('inventory.select')}
                      data-testid="product-material"
                    />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
            <Card title={t('product.variants')}>
              <Form.Item
                name="configured"
                label={t('product.configured')}
                valuePropName="checked"
                extra={t('product.configuredHint')}
              >
                <Switch data-testid="product-configured" />
              </Form.Item>
              {configured ? (
                <>
                  <Row gutter={16}>
                    <Col xs={24} md={12}>
                      <Form.Item
                        name="selectedColors"
                        label={t('product.colors')}
                        rules={[{ required: true, message: t('fields.select_color') }]}
                      >
                        <Select
                          mode="multiple"
                          maxCount={MAX_COLORS}
                          showSearch={{ optionFilterProp: 'label' }}
                          options={colors}
                          placeholder={t('inventory.select')}
                          data-testid="product-colors"
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={12}>
                      <Form.Item
                        name="selectedSizes"
                        label={t('product.sizes')}
                        rules={[{ required: true, message: t('fields.select_size') }]}
                      >
                        <Select
                          mode="multiple"
                          maxCount={MAX_SIZES}
                          showSearch={{ optionFilterProp: 'label' }}
                          options={sizes}
                          placeholder={t('inventory.select')}
                          data-testid="product-sizes"
                        />
                      </Form.Item>
                    </Col>
                  </Row>
                  <ConfigurationsGrid form={form} additional={additional} locale={locale} />
                </>
              ) : (
                <Row gutter={16}>
                  <Col xs={24} md={12}>
                    <Form.Item
                      name="color"
                      label={t('product.color')}
                      rules={[{ required: true, message: t('fields.select_color') }]}
                    >
                      <Select
                        showSearch={{ optionFilterProp: 'label' }}
                        options={colors}
                        placeholder={t('inventory.select')}
                        data-testid="product-color"
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="size" label={t('product.size')}>
                      <Select
                        allowClear
                        showSearch={{ optionFilterProp: 'label' }}
                        options={sizes}
                        placeholder={t('inventory.select')}
                        data-testid="product-size"
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={8}>
                    <Form.Item
                      name="price"
                      label={t('product.price')}
                      rules={[zodRule(zPrice(), t)]}
                      required
                    >
                      <InputNumber
                        min={0}
                        step={0.01}
                        style={{ width: '100%' }}
                        data-testid="product-price"
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={8}>
                    <Form.Item name="sku" label={t('product.sku')} rules={[zodRule(zSku(), t)]} required>
                      <Input data-testid="product-sku" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={8}>
                    <Form.Item
                      name="quantity"
                      label={t('product.quantity')}
                      rules={[zodRule(zQuantity(), t)]}
                      required
                    >
                      <InputNumber
                        min={0}
                        precision={0}
                        style={{ width: '100%' }}
                        data-testid="product-quantity"
                      />
                    </Form.Item>
                  </Col>
                </Row>
              )}
            </Card>
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <Card title={t('product.photos')}>{photos}</Card>
        </Col>
      </Row>
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="product-save">
          {t('product.save')}
        </Button>
        <Button onClick={onReset} data-testid="product-reset">
          {t('product.reset')}
        </Button>
      </Space>
    </Form>
  );
}
