/**
 * Every error the API answers, in one table: code → HTTP status and the message shown to a person
 * (SPEC §8 wording, in French and English). The server answers `{error: code, message, fields?}`;
 * the web app shows `t('errors.' + code)`.
 */
export const ERRORS = {
  // generic
  validation: {
    status: 400,
    en: 'Please check the highlighted fields',
    fr: 'Veuillez vérifier les champs signalés',
  },
  unauthorized: { status: 401, en: 'Please sign in', fr: 'Veuillez vous connecter' },
  forbidden: {
    status: 403,
    en: 'You are not allowed to do this',
    fr: "Vous n'êtes pas autorisé à faire cela",
  },
  bad_origin: {
    status: 403,
    en: 'Request refused: unknown origin',
    fr: 'Requête refusée : origine inconnue',
  },
  plan_required: {
    status: 403,
    en: 'Please choose a plan to use the seller tools',
    fr: 'Veuillez choisir un abonnement pour utiliser les outils vendeur',
  },
  not_found: { status: 404, en: 'Oops page not found', fr: 'Oups, page introuvable' },
  rate_limited: {
    status: 429,
    en: 'Too many attempts, please try again in a few minutes',
    fr: 'Trop de tentatives, veuillez réessayer dans quelques minutes',
  },
  internal: { status: 500, en: 'Something went wrong', fr: "Une erreur s'est produite" },
  // auth and profile
  email_exists: { status: 400, en: 'Email already exists', fr: 'Cet e-mail existe déjà' },
  no_registered_email: { status: 400, en: 'No registered email', fr: 'Aucun compte avec cet e-mail' },
  invalid_link: {
    status: 400,
    en: 'This link is invalid or has expired',
    fr: "Ce lien n'est pas valide ou a expiré",
  },
  wrong_password: {
    status: 400,
    en: 'Current password is wrong',
    fr: 'Le mot de passe actuel est incorrect',
  },
  terms_required: {
    status: 400,
    en: 'terms and conditions must be accepted',
    fr: 'les conditions générales doivent être acceptées',
  },
  photo_type: {
    status: 400,
    en: 'The profile picture must be a .jpg or .png image',
    fr: 'La photo de profil doit être une image .jpg ou .png',
  },
  photo_size: {
    status: 400,
    en: 'The profile picture must be at most 5 MB',
    fr: 'La photo de profil ne doit pas dépasser 5 Mo',
  },
  select_item: { status: 400, en: 'Select at least one item', fr: 'Sélectionnez au moins un élément' },
} as const satisfies Record<string, { status: number; en: string; fr: string }>;

export type TErrorCode = keyof typeof ERRORS;

/**
 * Field-level validation messages of SPEC §5, as codes; `{charNumber}` is filled in by the client.
 * The API puts these in `fields: {fieldName: code}`.
 */
export const FIELD_ERRORS = {
  required: { en: 'Required field', fr: 'Champ obligatoire' },
  no_edge_spaces: {
    en: 'Cannot include leading and trailing spaces',
    fr: 'Ne peut pas commencer ni finir par un espace',
  },
  only_letters: { en: 'Only alphabets allowed', fr: 'Seules les lettres sont autorisées' },
  email: { en: 'Must be a valid email', fr: 'Doit être un e-mail valide' },
  password_min: {
    en: 'Password must be at least 6 characters',
    fr: 'Le mot de passe doit contenir au moins 6 caractères',
  },
  passwords_match: { en: 'Passwords must match', fr: 'Les mots de passe doivent correspondre' },
  min_chars: {
    en: 'Must be at least {{charNumber}} characters',
    fr: 'Doit contenir au moins {{charNumber}} caractères',
  },
  max_chars: {
    en: 'Must be at most {{charNumber}} characters',
    fr: 'Doit contenir au plus {{charNumber}} caractères',
  },
  country: { en: 'You must select country', fr: 'Vous devez sélectionner un pays' },
  terms: { en: 'Accepting terms is required', fr: "L'acceptation des conditions est obligatoire" },
  url: { en: 'Wrong URL format', fr: "Format d'URL incorrect" },
  numeric: { en: 'Must be a number', fr: 'Doit être un nombre' },
  invalid: { en: 'Invalid value', fr: 'Valeur invalide' },
} as const;

export type TFieldErrorCode = keyof typeof FIELD_ERRORS;

/** The body of every error answer. */
export interface TErrorBody {
  error: TErrorCode;
  message: string;
  fields?: Record<string, string>;
}
