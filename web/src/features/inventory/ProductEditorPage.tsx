import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Form, type FormInstance, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { errorText, fieldText } from '../../app/i18n';
import { toast } from '../../app/notify';
import { LocaleLink, useLocalePath } from '../../app/useLocale';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { ApiError, isApiError } from '../../lib/api';
import {
  type PhotoFailure,
  useAddPhotosOneByOne,
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
  // a new product's photos, added right after it is created (uploads need its id)
  const [pendingPhotos, setPendingPhotos] = useState<File[]>([]);
  const location = useLocation();
  const [photoFailures, setPhotoFailures] = useState<PhotoFailure[]>(() => failuresOf(location.state));
  const save = useSaveProduct();
  const addPhotos = useAddPhotosOneByOne();
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
      onSuccess: async ({ product: saved }) => {
        setLinks([]);
        // The stock as saved (a change made meanwhile by a live included) becomes the stock loaded.
        if (id) form.setFieldsValue(toFormValues(saved));
        toast('success', t(id ? 'messages.productUpdated' : 'messages.productCreated'));
        if (id) return;
        // the photos chosen while creating it, before leaving the editor; a refused one is
        // reported on the product's page, the product itself is kept
        let failures: PhotoFailure[] = [];
        if (pendingPhotos.length) {
          failures = await addPhotos
            .mutateAsync({ id: saved.id, files: pendingPhotos })
            .then((r) => r.failures)
            .catch((e: unknown) =>
              pendingPhotos.map((f) => ({
                name: f.name,
                code: isApiError(e) ? e.code : 'internal',
                message: String(e),
              })),
            );
        }
        navigate(lp(`/inventory/${saved.id}`), {
          replace: true,
          state: failures.length ? { photoFailures: failures } : undefined,
        });
      },
      onError: (e) => showServerErrors(e, v),
    });
  };

  const onReset = () => {
    setLinks([]);
    setPendingPhotos([]);
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
      {photoFailures.length > 0 && (
        <Alert
          type="warning"
          showIcon
          closable={{
            onClose: () => {
              setPhotoFailures([]);
              // forgotten for good: a reload of this page does not show it again
              navigate(location.pathname, { replace: true, state: null });
            },
          }}
          className="form-alert"
          title={t('product.photoUploadFailed', { count: photoFailures.length })}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {photoFailures.map((f) => (
                <li key={f.name}>
                  {t('product.photoRefusedLine', {
                    name: f.name,
                    reason: errorText(t, new ApiError(f.code, f.message, { params: f.params })),
                  })}
                </li>
              ))}
            </ul>
          }
          data-testid="photo-upload-failures"
        />
      )}
      <ProductForm
        form={form}
        initialValues={product ? toFormValues(product) : EMPTY_PRODUCT}
        additional={additional}
        saving={save.isPending || addPhotos.isPending}
        onSubmit={onSubmit}
        onReset={onReset}
        photos={
          <ProductPhotos
            saved={id !== undefined}
            photos={product?.photos ?? []}
            busy={upload.isPending || order.isPending || deletePhoto.isPending || addPhotos.isPending}
            onUpload={(files) => upload.mutate(files)}
            onOrder={(photoIds) => order.mutate(photoIds)}
            onDelete={(photoId) =>
              deletePhoto.mutate(photoId, { onSuccess: () => toast('success', t('messages.photoDeleted')) })
            }
            links={links}
            onLinksChange={setLinks}
            pending={pendingPhotos}
            onPendingChange={setPendingPhotos}
          />
        }
      />
    </div>
  );
}

/** The photos a new product could not get, passed by the creation to the product's page. */
function failuresOf(state: unknown): PhotoFailure[] {
  const failures = (state as { photoFailures?: unknown } | null)?.photoFailures;
  return Array.isArray(failures) ? (failures as PhotoFailure[]) : [];
}
