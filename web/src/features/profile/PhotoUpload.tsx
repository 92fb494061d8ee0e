import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/notify';
import { checkProfilePhoto } from './api';

/** The profile picture and its upload button (.jpg or .png, at most 5 MB, checked before sending). */
export function PhotoUpload({
  src,
  uploading,
  onUpload,
}: {
  src?: string;
  uploading: boolean;
  onUpload: (file: File) => void;
}) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" align="center" style={{ width: '100%' }}>
      <Avatar size={96} src={src} icon={<UserOutlined />} data-testid="profile-photo" />
      <Upload
        accept=".jpg,.jpeg,.png,image/jpeg,image/png"
        showUploadList={false}
        beforeUpload={(file) => {
          const problem = checkProfilePhoto(file);
          if (problem) toast('error', t(`errors.${problem}`));
          else onUpload(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading} data-testid="profile-photo-upload">
          {t('profile.changePhoto')}
        </Button>
      </Upload>
      <Typography.Text type="secondary">{t('profile.photoHint')}</Typography.Text>
    </Space>
  );
}
