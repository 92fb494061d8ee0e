import { ROLE } from '@livecart/contract/constants';
import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/notify';
import { useLocale } from '../../app/useLocale';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { fileUrl } from '../../lib/api';
import { ReturnToCheckoutNotice } from '../checkout/ReturnToCheckout';
import { countryOptions, useCountries } from '../countries/api';
import { AddressForm } from './AddressForm';
import {
  type TAddressInput,
  type TProfileInput,
  useChangePassword,
  usePendingOrderRedirect,
  useProfile,
  useSaveAddress,
  useUpdateProfile,
  useUploadPhoto,
} from './api';
import { ChangePasswordForm } from './ChangePasswordForm';
import { PersonalInfoForm } from './PersonalInfoForm';
import { PhotoUpload } from './PhotoUpload';

/** /account: picture, personal information, delivery or business address, password. */
export default function AccountPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const profile = useProfile();
  const countries = useCountries();
  const user = profile.data?.user;
  const isSeller = user?.role_id === ROLE.seller;
  const addressType = isSeller ? 'seller' : 'shipping';
  const updateProfile = useUpdateProfile();
  const saveAddress = useSaveAddress(addressType);
  const changePassword = useChangePassword();
  const uploadPhoto = useUploadPhoto();
  const pendingOrder = usePendingOrderRedirect();

  if (profile.isPending) return <FullScreenLoader />;
  if (!user) return null;
  const address = profile.data?.addresses.find((a) => a.address_type === addressType);

  const onProfile = (values: TProfileInput) =>
    updateProfile.mutateAsync(values).then(() => {
      toast('success', t('messages.profileUpdated'));
      pendingOrder.trigger();
    });

  const onAddress = (values: TAddressInput) =>
    saveAddress.mutateAsync(values).then(() => {
      toast('success', values.id ? t('messages.addressUpdated') : t('messages.addressCreated'));
      pendingOrder.trigger();
    });

  const onPassword = (values: { old_password: string; password: string; confirm_password: string }) =>
    changePassword.mutateAsync(values).then(() => toast('success', t('messages.passwordUpdated')));

  return (
    <div data-testid="account-page">
      <Typography.Title level={1}>{t('profile.title')}</Typography.Title>
      {pendingOrder.target && <ReturnToCheckoutNotice to={pendingOrder.target} />}
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={12}>
          <Card title={t('profile.personal')}>
            <PhotoUpload
              src={fileUrl(user.photo)}
              uploading={uploadPhoto.isPending}
              onUpload={(file) =>
                uploadPhoto.mutate(file, { onSuccess: () => toast('success', t('messages.profileUpdated')) })
              }
            />
            <PersonalInfoForm
              user={user}
              isSeller={isSeller}
              submitting={updateProfile.isPending}
              onSubmit={onProfile}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          {user.role_id !== ROLE.admin && (
            <Card
              title={isSeller ? t('address.businessTitle') : t('address.deliveryTitle')}
              style={{ marginBottom: 24 }}
            >
              <AddressForm
                address={address}
                countryOptions={countryOptions(countries.data ?? [], locale)}
                countriesLoading={countries.isPending}
                submitting={saveAddress.isPending}
                onSubmit={onAddress}
              />
            </Card>
          )}
          <Card title={t('profile.changePassword')}>
            <ChangePasswordForm submitting={changePassword.isPending} onSubmit={onPassword} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
