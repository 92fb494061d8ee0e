import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { MIN_LENGTH } from './constants.ts';
import { PHONE_CHARACTERS, zCountryId, zOptionalText, zText } from './validation.ts';

/**
 * The place of an address with its SPEC §5 rules: country, region, post code, city and lines.
 * The profile's addresses and the checkout's delivery address share it. Region and post code
 * are optional here: whether the chosen country needs them, and the form a post code takes
 * there, is {@link checkAddressForCountry}'s part, which both the server and the forms run once
 * the country is known.
 */
export const ZAddressPlace = z.object({
  country_id: zCountryId(),
  state: zOptionalText(100, MIN_LENGTH.state),
  post_code: zOptionalText(20),
  city: zText(MIN_LENGTH.city, 100),
  address1: zText(MIN_LENGTH.address, 255),
  address2: zOptionalText(255),
});

// ---------------------------------------------------------------------------------------------
// The rules of each country. Facts from Google's address metadata (libaddressinput), the data
// behind Chrome's and Android's address forms: which countries have post codes and in which
// form, which need a region (state, province, prefecture, emirate) on a letter.

/** How a country uses an address field: needed, possible, or not part of its addresses. */
export type TFieldUse = 'required' | 'optional' | 'none';

const list = (codes: string) => new Set(codes.split(' '));

/** Post codes of n digits, by n. */
const DIGIT_POST_CODES: Record<number, string> = {
  3: 'FO GN IS LS MG PG',
  4: 'AF AL AT AU AZ BD BE BG CH CV CY DK ET GE GW HM HT HU LR LU MD MK MZ NE NO NZ PH PY SI SJ TN VE ZA',
  5: 'BA BT CU DE DO DZ EE EG EH ES FI GT HN HR ID IQ IT JO KE KR KW LA LK LT MA MM MN MV MX MY NA NI NP PK SA SD SN TH TR UA UY ZM',
  6: 'BY CN CO EC IN KG NG RO RU SG TJ TM UZ',
  7: 'CL',
};

/** Post codes of another form, as regular expressions over the code in upper case. */
const OTHER_POST_CODES: Record<string, string> = {
  AC: 'ASCN 1ZZ',
  AD: 'AD[1-7]0\\d',
  AI: '(AI-)?2640',
  AM: '(37)?\\d{4}',
  AR: '[A-HJ-NP-Z]?\\d{4}([A-Z]{3})?',
  AS: '96799([ -]\\d{4})?',
  AX: '22\\d{3}',
  BB: 'BB\\d{5}',
  BH: '(1[0-2]|[1-9])\\d{2}',
  BL: '9[78][01]\\d{2}',
  BM: '[A-Z]{2} ?[A-Z0-9]{2}',
  BN: '[A-Z]{2} ?\\d{4}',
  BR: '\\d{5}-?\\d{3}',
  CA: '[ABCEGHJ-NPRSTVXY]\\d[ABCEGHJ-NPRSTV-Z] ?\\d[ABCEGHJ-NPRSTV-Z]\\d',
  CC: '6799',
  CR: '\\d{4,5}|\\d{3}-\\d{4}',
  CX: '6798',
  CZ: '\\d{3} ?\\d{2}',
  FK: 'FIQQ 1ZZ',
  FM: '9694[1-4]([ -]\\d{4})?',
  FR: '\\d{2} ?\\d{3}',
  // outward code (area, district) and inward code (sector, unit); British forces BFPO numbers
  GB: 'GIR ?0AA|[A-Z]{1,2}\\d[A-Z\\d]? ?\\d[ABD-HJLNP-UW-Z]{2}|BFPO ?\\d{1,4}',
  GF: '9[78]3\\d{2}',
  GG: 'GY\\d[\\dA-Z]? ?\\d[ABD-HJLNP-UW-Z]{2}',
  GI: 'GX11 1AA',
  GL: '39\\d{2}',
  GP: '9[78][01]\\d{2}',
  GR: '\\d{3} ?\\d{2}',
  GS: 'SIQQ 1ZZ',
  GU: '969([12]\\d|3[12])([ -]\\d{4})?',
  IE: '[\\dA-Z]{3} ?[\\dA-Z]{4}',
  IL: '\\d{5}(\\d{2})?',
  IM: 'IM\\d[\\dA-Z]? ?\\d[ABD-HJLNP-UW-Z]{2}',
  IO: 'BBND 1ZZ',
  IR: '\\d{5}-?\\d{5}',
  JE: 'JE\\d[\\dA-Z]? ?\\d[ABD-HJLNP-UW-Z]{2}',
  JP: '\\d{3}-?\\d{4}',
  KH: '\\d{5,6}',
  KY: 'KY\\d-\\d{4}',
  KZ: '\\d{6}|[A-Z\\d]{7}',
  LB: '\\d{4}( ?\\d{4})?',
  LI: '948[5-9]|949[0-8]',
  LV: 'LV-\\d{4}',
  MC: '980\\d{2}',
  ME: '8\\d{4}',
  MF: '9[78][01]\\d{2}',
  MH: '969[67]\\d([ -]\\d{4})?',
  MP: '9695[012]([ -]\\d{4})?',
  MQ: '9[78]2\\d{2}',
  MT: '[A-Z]{3} ?\\d{2,4}',
  MU: '\\d{3}(\\d{2}|[A-Z]{2}\\d{3})',
  NC: '988\\d{2}',
  NF: '2899',
  NL: '\\d{4} ?[A-Z]{2}',
  OM: '(PC )?\\d{3}',
  PE: '[0-2]\\d{4}',
  PF: '987\\d{2}',
  PL: '\\d{2}-\\d{3}',
  PM: '9[78]5\\d{2}',
  PN: 'PCRN 1ZZ',
  PR: '00[679]\\d{2}([ -]\\d{4})?',
  PT: '\\d{4}-\\d{3}',
  PW: '969(39|40)([ -]\\d{4})?',
  RE: '9[78]4\\d{2}',
  RS: '\\d{5,6}',
  SE: '\\d{3} ?\\d{2}',
  SH: '(ASCN|STHL) 1ZZ',
  SK: '\\d{3} ?\\d{2}',
  SM: '4789\\d',
  SO: '[A-Z]{2} ?\\d{5}',
  SV: 'CP [1-3][1-7][0-2]\\d',
  SZ: '[HLMS]\\d{3}',
  TA: 'TDCU 1ZZ',
  TC: 'TKCA 1ZZ',
  TW: '\\d{3}(\\d{2,3})?',
  TZ: '\\d{4,5}',
  UM: '96898',
  US: '\\d{5}([ -]\\d{4})?',
  VA: '00120',
  VC: 'VC\\d{4}',
  VG: 'VG\\d{4}',
  VI: '008([0-4]\\d|5[01])([ -]\\d{4})?',
  VN: '\\d{5,6}',
  WF: '986\\d{2}',
  XK: '[1-7]\\d{4}',
  YT: '976\\d{2}',
};

/** How a post code typed either way is written (`1012ab` → `1012 AB`, `75 011` → `75011`). */
const POST_CODE_FORMS: Record<string, [RegExp, string]> = {
  BR: [/^(\d{5})-?(\d{3})$/, '$1-$2'],
  CA: [/^([A-Z]\d[A-Z]) ?(\d[A-Z]\d)$/, '$1 $2'],
  FR: [/^(\d{2}) ?(\d{3})$/, '$1$2'],
  GB: [/^([A-Z\d]{2,4}) ?(\d[A-Z]{2})$/, '$1 $2'],
  JP: [/^(\d{3})-?(\d{4})$/, '$1-$2'],
  NL: [/^(\d{4}) ?([A-Z]{2})$/, '$1 $2'],
};
for (const iso of ['GG', 'IM', 'JE']) POST_CODE_FORMS[iso] = POST_CODE_FORMS.GB;
for (const iso of ['CZ', 'GR', 'SE', 'SK']) POST_CODE_FORMS[iso] = [/^(\d{3}) ?(\d{2})$/, '$1 $2'];

/** Post codes written with the country's prefix, which is dropped (`L-1471`, `CH-1201`). */
const POST_CODE_PREFIXES: Record<string, string> = { AX: 'AX-', CH: 'CH-', LU: 'L-' };

/** What a shopper may type there, shown as the field's example. */
const POST_CODE_EXAMPLES: Record<string, string> = {
  AT: '1010',
  BE: '1000',
  CA: 'H2X 1Y4',
  CH: '1201',
  DE: '10115',
  DK: '1050',
  ES: '28001',
  FR: '75011',
  GB: 'SW1A 1AA',
  GF: '97300',
  GP: '97110',
  IE: 'D02 X285',
  IT: '00184',
  LU: '1471',
  MA: '20000',
  MC: '98000',
  MQ: '97200',
  NL: '1012 AB',
  PL: '00-950',
  PT: '1000-001',
  RE: '97400',
  SE: '111 22',
  US: '10001',
};

/** Countries whose addresses carry no post code. */
const NO_POST_CODE = list('AE AG BF BJ BO BS CI HK JM KI KM KN MO MR MW NR PA QA RW SC SR SY TV ZW');

/** Countries where a letter is not delivered without its post code. */
const POST_CODE_REQUIRED = list(
  'AS AT AU AX BE BL BR CA CH CN CZ DE DK EE ES FI FK FM FR GB GF GG GL GP GR GS GU HU IM IN IO IT JE JP KR KZ LI LT LU LV MF MH MP MQ MX MY NC NL NO NZ PF PL PM PN PR PT PW RE RO RU SE SG SH SJ SK SM TC TR TW UA US VI WF YT ZA',
);

/**
 * Countries whose addresses need their region: Italian and Spanish provinces, US and Brazilian
 * states, Canadian provinces, Japanese prefectures, emirates… France, Belgium and most of
 * Europe have none.
 */
const REGION_REQUIRED = list(
  'AE AU BB BR CA CL CN CO CR CV EG ES FM HK HN ID IN IQ IR IT JM JP KI KN KR KY MH MX MY NR PE PF PG PW RU SO SV TH TR TW UM US VE VN',
);

/** Countries whose addresses may name a region without needing it. */
const REGION_OPTIONAL = list('AM AR BS BY CU EE IE KP KZ LT MN MZ NG NI PA PH PY SC SR TV UA UY UZ ZW');

const POST_CODE_PATTERNS: Record<string, RegExp> = Object.fromEntries([
  ...Object.entries(DIGIT_POST_CODES).flatMap(([n, codes]) =>
    codes.split(' ').map((iso) => [iso, new RegExp(`^\\d{${n}}$`)]),
  ),
  ...Object.entries(OTHER_POST_CODES).map(([iso, p]) => [iso, new RegExp(`^(${p})$`)]),
]);

/** Where the country is not known to us: letters and digits, 2 to 10, spaces and hyphens inside. */
const GENERIC_POST_CODE = /^[A-Z\d][A-Z\d -]{0,8}[A-Z\d]$/;

/** What an address needs in a country (ISO 3166 code); an unknown country needs neither. */
export interface TCountryAddressRules {
  postCode: TFieldUse;
  /** What the post code must match once upper-cased and its spaces single. */
  postCodePattern: RegExp;
  /** A post code of that country, to show as an example; null when there is none to show. */
  postCodeExample: string | null;
  region: TFieldUse;
}

/**
 * The rules of country `iso`. No country chosen yet: a post code is asked for and no region,
 * until the country says otherwise.
 */
export function addressRulesOf(iso: string | null | undefined): TCountryAddressRules {
  const code = (iso ?? '').toUpperCase();
  if (!code) {
    return {
      postCode: 'required',
      postCodePattern: GENERIC_POST_CODE,
      postCodeExample: null,
      region: 'none',
    };
  }
  const pattern = POST_CODE_PATTERNS[code];
  const known = !!pattern || NO_POST_CODE.has(code);
  return {
    postCode: NO_POST_CODE.has(code) ? 'none' : POST_CODE_REQUIRED.has(code) ? 'required' : 'optional',
    postCodePattern: pattern ?? GENERIC_POST_CODE,
    postCodeExample: POST_CODE_EXAMPLES[code] ?? null,
    region: REGION_REQUIRED.has(code)
      ? 'required'
      : REGION_OPTIONAL.has(code) || !known
        ? 'optional'
        : 'none',
  };
}

/**
 * A post code as stored: upper case, single spaces, without the country's prefix (`L-`), in the
 * country's usual form where it has one.
 */
export function normalizePostCode(value: string, iso?: string | null): string {
  const country = (iso ?? '').toUpperCase();
  let code = value.trim().toUpperCase().replace(/\s+/g, ' ');
  const prefix = POST_CODE_PREFIXES[country];
  if (prefix && code.startsWith(prefix)) code = code.slice(prefix.length).trim();
  const form = POST_CODE_FORMS[country];
  return form ? code.replace(form[0], form[1]) : code;
}

/**
 * The phone number in E.164 (`+33612345678`), read as dialled from `iso` unless it starts with
 * `+`; null when it is not a number that country (or the one its `+` names) can have.
 */
export function phoneToE164(value: string, iso: string | null | undefined): string | null {
  const raw = value.trim();
  if (!PHONE_CHARACTERS.test(raw)) return null;
  const country = (iso ?? '').toUpperCase();
  const parsed = parsePhoneNumberFromString(raw, {
    defaultCountry: /^[A-Z]{2}$/.test(country) ? (country as never) : undefined,
  });
  return parsed?.isValid() ? parsed.number : null;
}

/** A stored E.164 number as people read it (`+33 6 12 34 56 78`); other text as it is. */
export function formatPhone(value: string): string {
  const parsed = parsePhoneNumberFromString(value);
  return parsed?.isValid() ? parsed.formatInternational() : value;
}

/** The fields of an address that depend on its country. */
export interface TCountryFields {
  state?: string | null;
  post_code?: string | null;
  phone?: string;
}

/**
 * The address checked against its country (ISO 3166 code): a region where the country needs
 * one, a post code of the country's form (required where letters need it), a phone number of
 * that country or an international one; each checked when the address has its key. Answers the
 * field-error codes by field (`required`, `post_code`, `phone`), or the values to store: the
 * post code in the country's form, the phone in E.164, region and post code null where the
 * country's addresses have none. Run after the schema, on its output.
 */
export function checkAddressForCountry<T extends TCountryFields>(
  address: T,
  iso: string | null | undefined,
): { ok: true; value: T } | { ok: false; fields: Record<string, string> } {
  const rules = addressRulesOf(iso);
  const fields: Record<string, string> = {};
  const value = { ...address };

  if ('state' in address) {
    const state = address.state?.trim() || null;
    if (rules.region === 'required' && !state) fields.state = 'required';
    value.state = rules.region === 'none' ? null : state;
  }

  if ('post_code' in address) {
    const postCode = address.post_code ? normalizePostCode(address.post_code, iso) : null;
    if (rules.postCode === 'required' && !postCode) fields.post_code = 'required';
    else if (postCode && rules.postCode !== 'none' && !rules.postCodePattern.test(postCode)) {
      fields.post_code = 'post_code';
    }
    value.post_code = rules.postCode === 'none' ? null : postCode;
  }

  if (address.phone !== undefined) {
    const e164 = phoneToE164(address.phone, iso);
    if (e164) value.phone = e164;
    else fields.phone = 'phone';
  }
  return Object.keys(fields).length ? { ok: false, fields } : { ok: true, value };
}
