import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, InboxOutlined } from '@ant-design/icons';
import type { TProductPhoto } from '@livecart/contract/products';
import { Alert, Button, Image, Input, List, Popconfirm, Space, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingPhotos, type RefusedPhoto, screenPhotos } from './PendingPhotos';

export interface ProductPhotosProps {
  /**
   * Photos are uploaded, ordered and deleted on the product once it exists; before that, the
   * files chosen are kept (`pending`) and added right after the product is created.
   */
  saved: boolean;
  photos: TProductPhoto[];
  busy: boolean;
  onUpload: (files: File[]) => void;
  onOrder: (photoIds: number[]) => void;
  onDelete: (photoId: number) => void;
  /** Photo links added with the next save. */
  links: string[];
  onLinksChange: (links: string[]) => void;
  /** Files chosen for a product not created yet, added once it is. */
  pending: File[];
  onPendingChange: (files: File[]) => void;
}

const isUrl = (s: string) => /^https?:\/\/\S+$/i.test(s);

/** The product's photos: drag-and-drop upload, links, up/down ordering and deletion. */
export function ProductPhotos(props: ProductPhotosProps) {
  const { saved, photos, busy, onUpload, onOrder, onDelete, links, onLinksChange, pending, onPendingChange } =
    props;
  const { t } = useTranslation();
  const [link, setLink] = useState('');
  const [refused, setRefused] = useState<RefusedPhoto[]>([]);

  /** Files dropped on a product not created yet: kept with a preview, or refused here with the reason. */
  const keep = (files: File[]) => {
    const screened = screenPhotos(files, links.length + pending.length, t);
    setRefused(screened.refused);
    if (screened.accepted.length) onPendingChange([...pending, ...screened.accepted]);
  };
  const ids = photos.map((p) => p.id);

  const move = (index: number, by: -1 | 1) => {
    const next = [...ids];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    onOrder(next);
  };

  const addLink = () => {
    const url = link.trim();
    if (!isUrl(url)) return;
    onLinksChange([...links, url]);
    setLink('');
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="product-photos">
      <Upload.Dragger
        accept=".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp"
        multiple
        showUploadList={false}
        disabled={busy}
        beforeUpload={(file, fileList) => {
          if (file === fileList[fileList.length - 1]) (saved ? onUpload : keep)(fileList);
          return false;
        }}
        data-testid="photo-dragger"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t(saved ? 'product.dropPhotos' : 'product.dropPhotosNew')}</p>
        <p className="ant-upload-hint">{t('product.dropPhotosHint')}</p>
      </Upload.Dragger>
      {refused.length > 0 && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setRefused([]) }}
          title={t('product.photosRefused', { count: refused.length })}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {refused.map((r) => (
                <li key={r.name}>{t('product.photoRefusedLine', { name: r.name, reason: r.reason })}</li>
              ))}
            </ul>
          }
          data-testid="photos-refused"
        />
      )}
      {!saved && <PendingPhotos files={pending} onChange={onPendingChange} />}
      {photos.length > 0 && (
        <List
          size="small"
          dataSource={photos}
          data-testid="photo-list"
          renderItem={(p, i) => (
            <List.Item
              data-testid="photo-item"
              actions={[
                <Button
                  key="up"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('product.moveUp')}
                  disabled={i === 0 || busy}
                  onClick={() => move(i, -1)}
                  data-testid="photo-up"
                />,
                <Button
                  key="down"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('product.moveDown')}
                  disabled={i === photos.length - 1 || busy}
                  onClick={() => move(i, 1)}
                  data-testid="photo-down"
                />,
                <Popconfirm
                  key="delete"
                  title={t('product.deletePhotoConfirm')}
                  okText={t('product.yes')}
                  cancelText={t('product.no')}
                  onConfirm={() => onDelete(p.id)}
                >
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('product.deletePhoto')}
                    data-testid="photo-delete"
                  />
                </Popconfirm>,
              ]}
            >
              <Space>
                <Image
                  src={p.thumb_url}
                  preview={{ src: p.url }}
                  width={64}
                  height={64}
                  style={{ objectFit: 'cover' }}
                />
                <Typography.Text type="secondary" ellipsis style={{ maxWidth: 220 }}>
                  {p.source === 'link' ? p.url : `#${i + 1}`}
                </Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      )}
      <Space.Compact style={{ width: '100%' }}>
        <Input
          value={link}
          onChange={(e) => setLink(e.target.value)}
          onPressEnter={(e) => {
            e.preventDefault();
            addLink();
          }}
          placeholder="https://…"
          aria-label={t('product.photoLink')}
          data-testid="photo-link-input"
        />
        <Button onClick={addLink} disabled={!isUrl(link.trim())} data-testid="photo-link-add">
          {t('product.photoLinkAdd')}
        </Button>
      </Space.Compact>
      {links.length > 0 && (
        <div data-testid="photo-links-pending">
          <Typography.Text type="secondary">{t('product.photoLinksPending')} </Typography.Text>
          {links.map((l) => (
            <Tag key={l} closable onClose={() => onLinksChange(links.filter((x) => x !== l))}>
              {l}
            </Tag>
          ))}
        </div>
      )}
    </Space>
  );
}
