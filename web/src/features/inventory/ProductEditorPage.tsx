import { ArrowLeftOutlined } from '@ant-design/icons';
import { Form, type FormInstance, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { fieldText } from '../../app/i18n';
import { toast } from '../../app/notify';
import { LocaleLink, useLocalePath } from '../../app/useLocale';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { isApiError } from '../../lib/api';
import {
  useDeleteProductPhoto,
  useOrderProductPhotos,
  useProduct,
  useProductAdditional,
  useSaveProduct,
  useUploadProductPhotos,
} from './api';
import { EMPTY_PRODUCT, fieldPath, type ProductFormValues, toFormValues, toProductBody } from './grid';
import { ProductForm } from './ProductForm';
import { ProductPhotos } from './ProductPhotos';

/** /inventory/new and /inventory/:id: creates or edits a product (SPEC §5: create vs update by id). */
export default function ProductEditorPage() {
  const { id: rawId } = useParams();
  const id = rawId && /^\d+$/.test(rawId) ? Number(rawId) : undefined;
  const product = useProduct(id);
  const additional = useProductAdditional();
  if ((id !== undefined && product.isPending) || additional.isPending) return <FullScreenLoader />;
  // a new form for each product, so its values start from that product
  return <Editor key={id ?? 'new'} id={id} product={product.data} additional={additional.data} />;
}

function Editor({
  id,
  product,
  additional,
}: {
  id?: number;
  product?: ReturnType<typeof useProduct>['data'];
  additional?: ReturnType<typeof useProductAdditional>['data'];
}) {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const [form] = Form.useForm<ProductFormValues>();
  const [links, setLinks] = useState<string[]>([]);
  const save = useSaveProduct();
  const upload = useUploadProductPhotos(id ?? 0);
  const order = useOrderProductPhotos(id ?? 0);
  const deletePhoto = useDeleteProductPhoto(id ?? 0);

  const showServerErrors = (e: unknown, v: ProductFormValues) => {
    if (!isApiError(e)) return;
    const entries = Object.entries(e.fields ?? {}).map(([name, code]) => {
      let path = fieldPath(name);
      if (!v.configured && name === 'selectedColors') path = ['color'];
      if (!v.configured && name === 'selectedSizes') path = ['size'];
      return { name: path, errors: [code === 'keyword_taken' ? e.message : fieldText(t, code)] };
    });
    if (e.code === 'keyword_taken' && !e.fields?.keywords)
      entries.push({ name: ['keywords'], errors: [e.message] });
    // server field names are form paths (`configurations.3.sku`), not known to the form's types
    if (entries.length) (form as FormInstance).setFields(entries);
  };

  const onSubmit = (v: ProductFormValues) => {
    save.mutate(toProductBody(v, id, links), {
      onSuccess: ({ product: saved }) => {
        setLinks([]);
        // The stock as saved (a change made meanwhile by a live included) becomes the stock loaded.
        if (id) form.setFieldsValue(toFormValues(saved));
        toast('success', t(id ? 'messages.productUpdated' : 'messages.productCreated'));
        if (!id) navigate(lp(`/inventory/${saved.id}`), { replace: true });
      },
      onError: (e) => showServerErrors(e, v),
    });
  };

  const onReset = () => {
    setLinks([]);
    if (id) navigate(lp('/inventory/new'));
    else {
      form.resetFields();
      form.setFieldsValue(EMPTY_PRODUCT);
    }
  };

  return (
    <div data-testid="product-editor">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <LocaleLink to="/inventory" data-testid="product-back">
          <ArrowLeftOutlined /> {t('product.back')}
        </LocaleLink>
        <Typography.Title level={1}>{id ? t('product.editTitle') : t('product.newTitle')}</Typography.Title>
      </Space>
      <ProductForm
        form={form}
        initialValues={product ? toFormValues(product) : EMPTY_PRODUCT}
        additional={additional}
        saving={save.isPending}
        onSubmit={onSubmit}
        onReset={onReset}
        photos={
          <ProductPhotos
            saved={id !== undefined}
            photos={product?.photos ?? []}
            busy={upload.isPending || order.isPending || deletePhoto.isPending}
            onUpload={(files) => upload.mutate(files)}
            onOrder={(photoIds) => order.mutate(photoIds)}
            onDelete={(photoId) =>
              deletePhoto.mutate(photoId, { onSuccess: () => toast('success', t('messages.photoDeleted')) })
            }
            links={links}
            onLinksChange={setLinks}
          />
        }
      />
    </div>
  );
}
