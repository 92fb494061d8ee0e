import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../../components/form/NewPasswordFields';
import { showServerErrors } from '../../components/form/rules';

export interface ChangePasswordValues {
  old_password: string;
  password: string;
  confirm_password: string;
}

/** Current password, new password and its confirmation; emptied after success. */
export function ChangePasswordForm({
  submitting,
  onSubmit,
}: {
  submitting: boolean;
  onSubmit: (values: ChangePasswordValues) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ChangePasswordValues>();
  const onFinish = (v: ChangePasswordValues) =>
    onSubmit(v).then(
      () => form.resetFields(),
      (e) => showServerErrors(form, e, t),
    );
  return (
    <Form<ChangePasswordValues> form={form} layout="vertical" onFinish={onFinish} data-testid="password-form">
      <Form.Item
        name="old_password"
        label={t('profile.currentPassword')}
        rules={[{ required: true, message: t('fields.required') }]}
      >
        <Input.Password autoComplete="current-password" data-testid="password-old" />
      </Form.Item>
      <NewPasswordFields testIds={{ password: 'password-new', confirm: 'password-confirm' }} />
      <Button type="primary" htmlType="submit" loading={submitting} data-testid="password-submit">
        {t('profile.changePassword')}
      </Button>
    </Form>
  );
}
