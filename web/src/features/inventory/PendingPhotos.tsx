import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { MAX_PRODUCT_PHOTOS, PRODUCT_PHOTO_MAX_BYTES } from '@livecart/contract/constants';
import { Button, Image, List, Space, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const PHOTO_EXTENSIONS = /\.(jpe?g|png|webp)$/i;

/** A file the seller chose that cannot be a product photo, and why (translated). */
export interface RefusedPhoto {
  name: string;
  reason: string;
}

/**
 * Sorts files chosen for a product not saved yet: those that can be sent, and those refused here
 * already (type, size, or past the limit of photos, `taken` counting the links and files kept),
 * with the same reasons the server would give. The server checks each again by its content.
 */
export function screenPhotos(files: File[], taken: number, t: TFunction) {
  const accepted: File[] = [];
  const refused: RefusedPhoto[] = [];
  for (const file of files) {
    const typeOk = PHOTO_TYPES.includes(file.type) || (!file.type && PHOTO_EXTENSIONS.test(file.name));
    if (!typeOk) refused.push({ name: file.name, reason: t('errors.product_photo_type') });
    else if (file.size > PRODUCT_PHOTO_MAX_BYTES)
      refused.push({ name: file.name, reason: t('errors.product_photo_size') });
    else if (taken + accepted.length >= MAX_PRODUCT_PHOTOS)
      refused.push({ name: file.name, reason: t('errors.too_many_photos', { max: MAX_PRODUCT_PHOTOS }) });
    else accepted.push(file);
  }
  return { accepted, refused };
}

/** Previews of local files, revoked when the files change or the list goes away. */
function usePreviews(files: File[]): (string | undefined)[] {
  const urls = useMemo(
    () => files.map((f) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(f) : undefined)),
    [files],
  );
  useEffect(
    () => () => {
      for (const url of urls) if (url) URL.revokeObjectURL(url);
    },
    [urls],
  );
  return urls;
}

/** `850 Ko`, `1,2 Mo` (`850 KB`, `1.2 MB` in English). */
function sizeText(t: TFunction, language: string, bytes: number): string {
  if (bytes < 1024 * 1024) return t('product.sizeKb', { n: Math.max(1, Math.round(bytes / 1024)) });
  const n = new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'fr-FR', { maximumFractionDigits: 1 });
  return t('product.sizeMb', { n: n.format(bytes / 1024 / 1024) });
}

/**
 * The photos chosen for a product that is being created: a preview of each, in the order they
 * will be added (the first is the main photo), to reorder or remove before saving.
 */
export function PendingPhotos({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  const { t, i18n } = useTranslation();
  const previews = usePreviews(files);
  const move = (index: number, by: -1 | 1) => {
    const next = [...files];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    onChange(next);
  };
  if (!files.length) return null;
  return (
    <List
      size="small"
      header={<Typography.Text type="secondary">{t('product.photosPending')}</Typography.Text>}
      dataSource={files}
      rowKey={(f) => `${f.name}-${f.size}-${f.lastModified}`}
      data-testid="photo-pending-list"
      renderItem={(file, i) => (
        <List.Item
          data-testid="photo-pending"
          actions={[
            <Button
              key="up"
              size="small"
              icon={<ArrowUpOutlined />}
              aria-label={t('product.moveUp')}
              disabled={i === 0}
              onClick={() => move(i, -1)}
              data-testid="photo-pending-up"
            />,
            <Button
              key="down"
              size="small"
              icon={<ArrowDownOutlined />}
              aria-label={t('product.moveDown')}
              disabled={i === files.length - 1}
              onClick={() => move(i, 1)}
              data-testid="photo-pending-down"
            />,
            <Button
              key="remove"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('product.removePendingPhoto', { name: file.name })}
              onClick={() => onChange(files.filter((_, j) => j !== i))}
              data-testid="photo-pending-remove"
            />,
          ]}
        >
          <Space style={{ minWidth: 0 }}>
            <Image
              src={previews[i]}
              alt={file.name}
              width={64}
              height={64}
              style={{ objectFit: 'cover' }}
              preview={false}
            />
            <span>
              <Typography.Text
                ellipsis
                style={{ maxWidth: 120, display: 'block' }}
                data-testid="photo-pending-name"
              >
                {file.name}
              </Typography.Text>
              <Typography.Text type="secondary">{sizeText(t, i18n.language, file.size)}</Typography.Text>
            </span>
          </Space>
        </List.Item>
      )}
    />
  );
}
