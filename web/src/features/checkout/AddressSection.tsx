import type { TCountryAddressRules } from '@livecart/contract/address';
import { useTranslation } from 'react-i18next';
import { FieldError } from './controls';
import type { TAddressDraft, TAddressField, TFormKey } from './form';

type TTextField = Exclude<TAddressField, 'country_id'>;

/** A text input of the address, with what the browser may autofill and the phone keyboard to show. */
interface TInput {
  field: TTextField;
  auto: string;
  mode?: 'email' | 'tel';
}

/** Inputs of the address, in page order. */
const PERSON_INPUTS: TInput[] = [
  { field: 'first_name', auto: 'given-name' },
  { field: 'last_name', auto: 'family-name' },
  { field: 'email', auto: 'email', mode: 'email' },
  { field: 'phone', auto: 'tel', mode: 'tel' },
];
const PLACE_INPUTS: TInput[] = [
  { field: 'address1', auto: 'address-line1' },
  { field: 'address2', auto: 'address-line2' },
  { field: 'post_code', auto: 'postal-code' },
  { field: 'city', auto: 'address-level2' },
  { field: 'state', auto: 'address-level1' },
];

function AddressInput({
  field,
  auto,
  mode,
  value,
  error,
  optional,
  placeholder,
  onChange,
}: TInput & {
  value: string;
  error?: string;
  /** Shown as optional in its label. */
  optional?: boolean;
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <label className={`co-field${error ? ' has-error' : ''}`} id={`co-${field}`}>
      <span>
        {t(`checkout.field.${field}`)}
        {optional && <span className="co-optional"> {t('checkout.optional')}</span>}
      </span>
      <input
        name={field}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete={auto}
        inputMode={mode}
        type={mode === 'email' ? 'email' : mode === 'tel' ? 'tel' : 'text'}
        placeholder={placeholder}
        aria-invalid={!!error}
        aria-describedby={error ? `co-${field}-error` : undefined}
        data-testid={`address-${field}`}
      />
      <FieldError id={`co-${field}-error`} text={error} />
    </label>
  );
}

/**
 * The delivery address: name, e-mail, phone, country, then the place. The region and the post
 * code show as the chosen country uses them: needed, optional, or not at all.
 */
export function AddressSection({
  draft,
  countries,
  rules,
  errorOf,
  onChange,
}: {
  draft: TAddressDraft;
  /** The countries to pick from, in the page's language. */
  countries: { value: number; label: string }[];
  rules: TCountryAddressRules;
  errorOf: (key: TFormKey) => string | undefined;
  onChange: (field: TAddressField, value: string) => void;
}) {
  const { t } = useTranslation();
  const countryError = errorOf('country_id');
  const use: Partial<Record<TTextField, 'required' | 'optional' | 'none'>> = {
    address2: 'optional',
    state: rules.region,
    post_code: rules.postCode,
  };
  const inputs = (list: TInput[]) =>
    list
      .filter((i) => use[i.field] !== 'none')
      .map((i) => (
        <AddressInput
          key={i.field}
          {...i}
          value={draft[i.field]}
          error={errorOf(i.field)}
          optional={use[i.field] === 'optional'}
          placeholder={i.field === 'post_code' ? (rules.postCodeExample ?? undefined) : undefined}
          onChange={(v) => onChange(i.field, v)}
        />
      ));
  return (
    <section className="co-card" aria-labelledby="co-address-title">
      <h2 id="co-address-title">{t('checkout.addressTitle')}</h2>
      <div className="co-row">{inputs(PERSON_INPUTS)}</div>
      <label className={`co-field${countryError ? ' has-error' : ''}`} id="co-country_id">
        <span>{t('checkout.field.country_id')}</span>
        <select
          name="country_id"
          value={draft.country_id}
          onChange={(e) => onChange('country_id', e.target.value)}
          autoComplete="country"
          aria-invalid={!!countryError}
          data-testid="address-country"
        >
          <option value="">{t('checkout.selectCountry')}</option>
          {countries.map((o) => (
            <option key={o.value} value={String(o.value)}>
              {o.label}
            </option>
          ))}
        </select>
        <FieldError id="co-country_id-error" text={countryError} />
      </label>
      <div className="co-row">{inputs(PLACE_INPUTS)}</div>
    </section>
  );
}
