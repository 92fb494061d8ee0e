import { addressRulesOf, checkAddressForCountry } from '@livecart/contract/address';
import { MIN_LENGTH } from '@livecart/contract/constants';
import { zCountryId, zEmail, zName, zPassword, zPhone, zText } from '@livecart/contract/validation';
import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldText, tDynamic } from '../../app/i18n';
import { isApiError } from '../../lib/api';

/** What antd needs from a contract zod schema. */
interface Schema {
  safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } };
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** An antd rule that runs a contract schema and shows its first message (SPEC §5 wording). */
export function zodRule(schema: Schema, t: TFunction, opts: { optional?: boolean } = {}): Rule {
  return {
    validator: async (_rule, value) => {
      if (opts.optional && blank(value)) return;
      const r = schema.safeParse(value);
      if (!r.success) throw new Error(fieldText(t, r.error?.issues[0]?.message ?? 'invalid'));
    },
  };
}

/** The form rules of SPEC §5, built from the contract's schemas. */
export function useRules() {
  const { t } = useTranslation();
  return useMemo(() => {
    const rule = (schema: Schema, optional = false): Rule[] => [zodRule(schema, t, { optional })];
    return {
      email: rule(zEmail()),
      name: rule(zName()),
      optionalName: rule(zName(), true),
      password: rule(zPassword()),
      /** Required and equal to the `field` password. */
      confirmPassword: (field = 'password'): Rule[] => [
        { required: true, message: t('fields.required') },
        ({ getFieldValue }) => ({
          validator: async (_rule, value) => {
            if (value && value !== getFieldValue(field)) throw new Error(t('fields.passwords_match'));
          },
        }),
      ],
      phone: rule(zPhone()),
      optionalPhone: rule(zPhone(), true),
      text: (min = 1, max = 255) => rule(zText(min, max)),
      optionalText: (max = 255) => rule(zText(1, max), true),
      /** A region when given (whether the country needs one is `countryField`'s). */
      state: rule(zText(MIN_LENGTH.state, 100), true),
      city: rule(zText(MIN_LENGTH.city, 100)),
      address: rule(zText(MIN_LENGTH.address, 255)),
      /** A post code when given (whether the country needs one is `countryField`'s). */
      postCode: rule(zText(1, 20), true),
      /**
       * The region or post code of an address in the country `iso` (its rules in the contract):
       * needed or not, the post code's form, with the country's example in the message.
       */
      countryField: (field: 'state' | 'post_code', iso: string | null): Rule[] => [
        {
          validator: async (_rule, value) => {
            const checked = checkAddressForCountry({ [field]: (value as string | null) || null }, iso);
            const code = checked.ok ? null : checked.fields[field];
            if (!code) return;
            const example = code === 'post_code' ? addressRulesOf(iso).postCodeExample : null;
            const text = fieldText(t, code);
            throw new Error(example ? `${text} (${t('address.example', { example })})` : text);
          },
        },
      ],
      country: rule(zCountryId()),
      terms: [
        {
          validator: async (_rule: unknown, value: unknown) => {
            if (value !== true) throw new Error(t('fields.terms'));
          },
        },
      ] as Rule[],
    };
  }, [t]);
}

/** Error codes that belong to one field of a form. */
const CODE_FIELD: Record<string, string> = {
  email_exists: 'email',
  wrong_password: 'old_password',
  terms_required: 'accept_terms',
  shipping_exists: 'name',
  chatbot_name_taken: 'name',
};

/**
 * Puts the server's field errors (`fields: {name: code}`) under the form's inputs; `fieldOf` names
 * the input of a server field when they differ (`keywords.2` → `keywords`). True when the error
 * was shown on the form, false when it belongs to no field (the caller shows it otherwise).
 */
export function showServerErrors(
  form: FormInstance,
  error: unknown,
  t: TFunction,
  fieldOf: (name: string) => string = (name) => name,
): boolean {
  if (!isApiError(error)) return false;
  const entries = Object.entries(error.fields ?? {}).map(([name, code]) => ({
    name: fieldOf(name),
    errors: [fieldText(t, code)],
  }));
  const field = CODE_FIELD[error.code];
  if (field) entries.push({ name: field, errors: [tDynamic(t, `errors.${error.code}`, error.message)] });
  if (entries.length) form.setFields(entries);
  return entries.length > 0;
}

/** What antd needs from a contract schema to check a whole form body. */
interface BodySchema {
  safeParse(value: unknown): {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
}

/**
 * An antd rule that checks the form's whole body with a contract schema (`bodyOf` builds it from
 * the form's values) and shows the first message the schema gives `field`: rules that span fields
 * (a placeholder a reply may not hold) are checked as the server checks them.
 */
export function bodyRule(
  schema: BodySchema,
  bodyOf: (values: Record<string, unknown>) => unknown,
  field: string,
  t: TFunction,
): Rule {
  return (form) => ({
    validator: async () => {
      const r = schema.safeParse(bodyOf(form.getFieldsValue(true)));
      const issue = r.error?.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(fieldText(t, issue.message));
    },
  });
}
