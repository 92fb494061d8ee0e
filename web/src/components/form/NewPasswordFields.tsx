import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRules } from './rules';

/**
 * A new password and its confirmation (`password`, `confirm_password`): the password rules of
 * SPEC §5, and the confirmation checked again whenever the password changes.
 */
export function NewPasswordFields({ testIds }: { testIds: { password: string; confirm: string } }) {
  const { t } = useTranslation();
  const rules = useRules();
  return (
    <>
      <Form.Item name="password" label={t('auth.newPassword')} rules={rules.password} required>
        <Input.Password autoComplete="new-password" data-testid={testIds.password} />
      </Form.Item>
      <Form.Item
        name="confirm_password"
        label={t('auth.confirmPassword')}
        rules={rules.confirmPassword()}
        dependencies={['password']}
      >
        <Input.Password autoComplete="new-password" data-testid={testIds.confirm} />
      </Form.Item>
    </>
  );
}
