import { CSV_MAX_BYTES, MAX_PRODUCTS_PER_SELLER } from './constants.ts';

const csvMegabytes = CSV_MAX_BYTES / (1024 * 1024);
const maxProducts = {
  fr: MAX_PRODUCTS_PER_SELLER.toLocaleString('fr-FR'),
  en: MAX_PRODUCTS_PER_SELLER.toLocaleString('en-GB'),
};

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
  live_plan_required: {
    status: 403,
    en: "You can't go live without a plan",
    fr: 'Vous ne pouvez pas passer en live sans abonnement',
  },
  not_found: { status: 404, en: 'Oops page not found', fr: 'Oups, page introuvable' },
  gone: {
    status: 410,
    en: 'This link is no longer used: open the link of your private message',
    fr: "Ce lien n'est plus utilisé : ouvrez le lien de votre message privé",
  },
  rate_limited: {
    status: 429,
    en: 'Too many attempts, please try again in a few minutes',
    fr: 'Trop de tentatives, veuillez réessayer dans quelques minutes',
  },
  too_large: {
    status: 413,
    en: 'The file sent is too large',
    fr: 'Le fichier envoyé est trop volumineux',
  },
  internal: { status: 500, en: 'Something went wrong', fr: "Une erreur s'est produite" },
  bad_request: {
    status: 400,
    en: 'The request could not be read',
    fr: "La requête n'a pas pu être lue",
  },
  // auth and profile
  email_exists: { status: 400, en: 'Email already exists', fr: 'Cet e-mail existe déjà' },
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
    en: 'Terms and conditions must be accepted',
    fr: 'Les conditions générales doivent être acceptées',
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
  // products (inventory)
  keyword_taken: {
    status: 400,
    en: "The keyword {{keyword}} is already used by '{{product}}'",
    fr: "Le mot-clé {{keyword}} est déjà utilisé par '{{product}}'",
  },
  product_photo_type: {
    status: 400,
    en: 'A product photo must be a .jpg, .png or .webp image',
    fr: 'Une photo de produit doit être une image .jpg, .png ou .webp',
  },
  product_photo_size: {
    status: 400,
    en: 'A product photo must be at most 5 MB',
    fr: 'Une photo de produit ne doit pas dépasser 5 Mo',
  },
  too_many_photos: {
    status: 400,
    en: 'A product can have at most {{max}} photos',
    fr: 'Un produit peut avoir au plus {{max}} photos',
  },
  csv_invalid: {
    status: 400,
    en: 'The file has errors: nothing was imported',
    fr: "Le fichier contient des erreurs : rien n'a été importé",
  },
  csv_too_large: {
    status: 413,
    en: `The CSV file is larger than ${csvMegabytes} MB, the most an import takes: split it into smaller files. Nothing was imported.`,
    fr: `Le fichier CSV dépasse ${csvMegabytes} Mo, la taille maximale d'un import : découpez-le en fichiers plus petits. Rien n'a été importé.`,
  },
  product_limit: {
    status: 409,
    en: `A seller can have at most ${maxProducts.en} products: delete some before adding more. Nothing was added.`,
    fr: `Un vendeur peut avoir au plus ${maxProducts.fr} produits : supprimez-en avant d'en ajouter. Rien n'a été ajouté.`,
  },
  // live sessions
  live_session_closed: {
    status: 400,
    en: 'This live session is closed and can no longer be changed',
    fr: 'Cette session live est terminée et ne peut plus être modifiée',
  },
  live_session_not_scheduled: {
    status: 400,
    en: 'Only a scheduled live session can be started',
    fr: 'Seule une session live programmée peut être démarrée',
  },
  live_session_is_live: {
    status: 400,
    en: 'Stop the live session before removing it',
    fr: 'Arrêtez la session live avant de la supprimer',
  },
  ingest_token_invalid: {
    status: 401,
    en: 'Missing or wrong ingest token',
    fr: "Jeton d'envoi des commentaires absent ou incorrect",
  },
  // payments and order documents (issue 5)
  select_order_download: {
    status: 400,
    en: 'Please select an order to be downloaded',
    fr: 'Veuillez sélectionner une commande à télécharger',
  },
  payment_credentials_invalid: {
    status: 422,
    en: 'The payment provider refused these credentials: {{reason}}',
    fr: 'Le prestataire de paiement a refusé ces identifiants : {{reason}}',
  },
  payment_not_refundable: {
    status: 409,
    en: 'This payment is not to refund: it pays its order, is not paid, or is refunded already',
    fr: 'Ce paiement n’est pas à rembourser : il paie sa commande, n’est pas payé, ou est déjà remboursé',
  },
  payment_holds_order: {
    status: 409,
    en: 'This paid order has no other payment left: refund the order, which refunds this payment and cancels it',
    fr: 'Cette commande payée n’a plus d’autre paiement : remboursez la commande, ce qui rembourse ce paiement et l’annule',
  },
  payment_refund_pending: {
    status: 409,
    en: 'A refund of this payment is under way: try again in a moment',
    fr: 'Un remboursement de ce paiement est en cours : réessayez dans un instant',
  },
  payment_refund_refused: {
    status: 422,
    en: 'The refund was refused by {{provider}}: {{reason}}',
    fr: 'Le remboursement a été refusé par {{provider}} : {{reason}}',
  },
  payment_test_key: {
    status: 422,
    en: 'A test key moves no money: connect your live key (live_…) on this server',
    fr: 'Une clé de test ne fait circuler aucun argent : connectez votre clé live (live_…) sur ce serveur',
  },
  payment_provider_unavailable: {
    status: 502,
    en: 'The payment provider cannot be reached, please try again later',
    fr: 'Le prestataire de paiement est injoignable, veuillez réessayer plus tard',
  },
  payment_credentials_missing: {
    status: 400,
    en: 'Connect this payment provider in Payment Settings before turning its methods on',
    fr: 'Connectez ce prestataire dans les réglages de paiement avant d’activer ses moyens de paiement',
  },
  stripe_not_configured: {
    status: 400,
    en: 'Stripe Connect is not available on this server',
    fr: 'Stripe Connect n’est pas disponible sur ce serveur',
  },
  stripe_connect_refused: {
    status: 400,
    en: 'The Stripe connection was refused or has expired, please try again',
    fr: 'La connexion à Stripe a été refusée ou a expiré, veuillez réessayer',
  },
  // Facebook and Instagram stores (issue 17)
  facebook_not_configured: {
    status: 503,
    en: 'Facebook is not configured on this server: ask the platform team to set up the Meta app',
    fr: 'Facebook n’est pas configuré sur ce serveur : demandez à l’équipe de la plateforme de configurer l’application Meta',
  },
  facebook_connect_refused: {
    status: 400,
    en: 'The Facebook connection was refused or has expired, please try again',
    fr: 'La connexion à Facebook a été refusée ou a expiré, veuillez réessayer',
  },
  facebook_permission_missing: {
    status: 400,
    en: 'Facebook did not grant the permission {{permission}}: connect again and allow it',
    fr: 'Facebook n’a pas accordé l’autorisation {{permission}} : reconnectez-vous et acceptez-la',
  },
  facebook_account_missing: {
    status: 400,
    en: 'Connect your Facebook account first',
    fr: 'Connectez d’abord votre compte Facebook',
  },
  facebook_token_invalid: {
    status: 400,
    en: 'Your social-network token is expired or invalid, please resynchronise',
    fr: 'Votre jeton de réseau social est expiré ou invalide, veuillez resynchroniser',
  },
  facebook_unavailable: {
    status: 502,
    en: 'Facebook cannot be reached, please try again later',
    fr: 'Facebook est injoignable, veuillez réessayer plus tard',
  },
  page_not_found: {
    status: 400,
    en: 'This page is not one your Facebook account manages',
    fr: 'Cette page ne fait pas partie de celles que gère votre compte Facebook',
  },
  // carts (issue 4)
  order_not_open: {
    status: 400,
    en: 'This cart is no longer open: it was paid, expired or canceled',
    fr: "Ce panier n'est plus ouvert : il a été payé, a expiré ou a été annulé",
  },
  // checkout and payment confirmation (issue 5)
  cart_expired: {
    status: 400,
    en: 'Your cart has expired: its items went back to stock',
    fr: 'Votre panier a expiré : ses articles ont été remis en stock',
  },
  order_already_paid: {
    status: 400,
    en: 'This order is already paid',
    fr: 'Cette commande est déjà payée',
  },
  sandbox_unavailable: {
    status: 400,
    en: 'The sandbox moves no money: it is not available on this server',
    fr: "Le bac à sable ne déplace pas d'argent : il n'est pas disponible sur ce serveur",
  },
  payment_in_progress: {
    status: 409,
    en: 'A payment is already in progress for this order: complete it, or try again in a few minutes',
    fr: 'Un paiement est déjà en cours pour cette commande : terminez-le, ou réessayez dans quelques minutes',
  },
  order_payment_in_progress: {
    status: 409,
    en: 'The shopper is paying this order: its items cannot change until the payment ends',
    fr: 'Le client est en train de payer cette commande : ses articles ne peuvent pas changer avant la fin du paiement',
  },
  shipping_method_unavailable: {
    status: 400,
    en: 'This shipping method is not available for the chosen country',
    fr: "Ce mode de livraison n'est pas disponible pour le pays choisi",
  },
  payment_method_unavailable: {
    status: 400,
    en: 'This payment method is not available',
    fr: "Ce moyen de paiement n'est pas disponible",
  },
  payment_provider_error: {
    status: 502,
    en: 'The payment could not be started, please try again',
    fr: "Le paiement n'a pas pu être lancé, veuillez réessayer",
  },
  payment_not_confirmed: {
    status: 400,
    en: 'Status of payment not confirmed',
    fr: 'Statut du paiement non confirmé',
  },
  webhook_refused: {
    status: 400,
    en: 'Notification refused',
    fr: 'Notification refusée',
  },
  webhook_signature_invalid: {
    status: 401,
    en: 'Notification refused: signature missing or invalid',
    fr: 'Notification refusée : signature absente ou invalide',
  },
  // shop-platform sync (issue 19)
  shop_sync_plan_required: {
    status: 403,
    en: 'Shop sync comes with the Business and Platinum plans',
    fr: 'La synchronisation de boutique est incluse dans les abonnements Business et Platinum',
  },
  shop_url_not_allowed: {
    status: 400,
    en: 'The shop address must be https and reachable from the internet',
    fr: "L'adresse de la boutique doit être en https et joignable depuis internet",
  },
  shop_credentials_invalid: {
    status: 400,
    en: 'The shop refused these credentials: check the key and the secret',
    fr: 'La boutique a refusé ces identifiants : vérifiez la clé et le secret',
  },
  shop_unreachable: {
    status: 502,
    en: 'The shop did not answer: check its address and try again',
    fr: "La boutique n'a pas répondu : vérifiez son adresse et réessayez",
  },
  shop_exists: {
    status: 409,
    en: 'This shop is already connected',
    fr: 'Cette boutique est déjà connectée',
  },
  shop_import_running: {
    status: 409,
    en: 'An import of this shop is already running',
    fr: 'Un import de cette boutique est déjà en cours',
  },
  shop_paused: {
    status: 409,
    en: 'The sync of this shop is paused: resume it first',
    fr: 'La synchronisation de cette boutique est en pause : reprenez-la d’abord',
  },
  shop_log_not_retryable: {
    status: 409,
    en: 'This entry has nothing to send again',
    fr: "Cette ligne n'a rien à renvoyer",
  },
  // chatbot (issue 16)
  chatbot_name_taken: {
    status: 409,
    en: 'A reply already has this name',
    fr: 'Une réponse porte déjà ce nom',
  },
  chatbot_limit: {
    status: 400,
    en: 'You have reached the maximum number of replies',
    fr: 'Vous avez atteint le nombre maximal de réponses',
  },
  // shipping and settings (issue 13)
  shipping_exists: {
    status: 409,
    en: 'Shipping already exists',
    fr: 'Ce mode de livraison existe déjà',
  },
  shipping_logo_type: {
    status: 400,
    en: 'The logo must be a PNG, JPG, WebP or SVG image',
    fr: 'Le logo doit être une image PNG, JPG, WebP ou SVG',
  },
  shipping_logo_size: {
    status: 413,
    en: 'The logo must be 1 MB or less',
    fr: 'Le logo doit faire 1 Mo au plus',
  },
  period_in_past: {
    status: 400,
    en: 'The free-shipping period must end in the future',
    fr: 'La période de livraison gratuite doit se terminer dans le futur',
  },
  legal_settings_empty: {
    status: 400,
    en: 'At least one document or link is required for legal settings',
    fr: 'Au moins un document ou un lien est requis pour les documents légaux',
  },
  legal_doc_type: {
    status: 400,
    en: 'The document must be a PDF file',
    fr: 'Le document doit être un fichier PDF',
  },
  legal_doc_size: {
    status: 413,
    en: 'The document must be 10 MB or less',
    fr: 'Le document doit faire 10 Mo au plus',
  },
  // the admin's sellers: signing in as a seller, their percent, their subscription
  impersonate_admin: {
    status: 403,
    en: 'An administrator cannot be signed in as',
    fr: 'Impossible de se connecter en tant qu’administrateur',
  },
  seller_not_active: {
    status: 409,
    en: 'This seller’s account is not active',
    fr: 'Le compte de ce vendeur n’est pas actif',
  },
  already_impersonating: {
    status: 409,
    en: 'You are already connected as a seller: go back to your admin account first',
    fr: 'Vous êtes déjà connecté en tant que vendeur : revenez d’abord à votre compte admin',
  },
  not_impersonating: {
    status: 409,
    en: 'You are not connected as a seller',
    fr: 'Vous n’êtes pas connecté en tant que vendeur',
  },
  impersonation_forbidden: {
    status: 403,
    en: 'Connected as a seller, you cannot see or change their password, e-mail or payment credentials',
    fr: 'Connecté en tant que vendeur, vous ne pouvez ni voir ni changer son mot de passe, son e-mail ou ses identifiants de paiement',
  },
  already_unsubscribed: {
    status: 409,
    en: 'This seller has no subscription running',
    fr: 'Ce vendeur n’a pas d’abonnement en cours',
  },
  // platform billing (plans, subscriptions, payment methods)
  email_present: { status: 409, en: 'Email present', fr: 'Cet e-mail a déjà un compte' },
  plan_unavailable: {
    status: 400,
    en: 'This plan cannot be chosen',
    fr: 'Cet abonnement ne peut pas être choisi',
  },
  plan_interval_unavailable: {
    status: 400,
    en: 'This plan is not offered for this period',
    fr: "Cet abonnement n'est pas proposé pour cette période",
  },
  trial_used: {
    status: 409,
    en: 'Your free trial has already been used',
    fr: 'Votre essai gratuit a déjà été utilisé',
  },
  subscription_missing: {
    status: 404,
    en: 'You have no subscription',
    fr: "Vous n'avez pas d'abonnement",
  },
  subscription_active: {
    status: 409,
    en: 'You already have a subscription: change its plan from My Plan',
    fr: 'Vous avez déjà un abonnement : changez de formule depuis Mon abonnement',
  },
  subscription_not_cancelable: {
    status: 409,
    en: 'This subscription cannot be cancelled or resumed now',
    fr: 'Cet abonnement ne peut pas être résilié ou repris maintenant',
  },
  same_plan: { status: 409, en: 'This is already your plan', fr: 'Vous avez déjà cet abonnement' },
  payment_method_required: {
    status: 409,
    en: 'Please add a payment method first',
    fr: "Veuillez d'abord ajouter un moyen de paiement",
  },
  payment_method_default: {
    status: 409,
    en: 'Choose another default payment method before deleting this one',
    fr: 'Choisissez un autre moyen de paiement par défaut avant de supprimer celui-ci',
  },
  card_declined: {
    status: 402,
    en: 'The payment was declined',
    fr: 'Le paiement a été refusé',
  },
  billing_unavailable: {
    status: 503,
    en: 'Billing is not available on this server',
    fr: "La facturation n'est pas disponible sur ce serveur",
  },
  sync_fail: { status: 502, en: 'Sync fail', fr: 'Échec de la synchronisation' },
  month_not_closed: {
    status: 400,
    en: 'This month is not over yet',
    fr: "Ce mois n'est pas encore terminé",
  },
  // support (requests to the platform's team)
  support_attachment_type: {
    status: 400,
    en: 'A screenshot must be a .jpg, .png or .webp image',
    fr: 'Une capture d’écran doit être une image .jpg, .png ou .webp',
  },
  support_attachment_size: {
    status: 400,
    en: 'A screenshot must be at most 5 MB',
    fr: 'Une capture d’écran ne doit pas dépasser 5 Mo',
  },
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
  post_code: { en: 'Invalid post code for this country', fr: 'Code postal invalide pour ce pays' },
  phone: { en: 'Invalid phone number', fr: 'Numéro de téléphone invalide' },
  terms: { en: 'Accepting terms is required', fr: "L'acceptation des conditions est obligatoire" },
  url: { en: 'Wrong URL format', fr: "Format d'URL incorrect" },
  vat: {
    en: 'A VAT number starts with its country code (FR12345678901)',
    fr: 'Un numéro de TVA commence par le code de son pays (FR12345678901)',
  },
  numeric: { en: 'Must be a number', fr: 'Doit être un nombre' },
  invalid: { en: 'Invalid value', fr: 'Valeur invalide' },
  too_many_checked: {
    en: 'Too many items checked: {{charNumber}} at most at once',
    fr: 'Trop d’éléments cochés : {{charNumber}} au maximum à la fois',
  },
  unknown_field: { en: 'This field is not expected here', fr: "Ce champ n'est pas attendu ici" },
  fill_one_field: { en: 'Fill in at least one field', fr: 'Remplissez au moins un champ' },
  invalid_characters: {
    en: 'Contains characters that are not allowed',
    fr: 'Contient des caractères non autorisés',
  },
  date: { en: 'This date does not exist', fr: "Cette date n'existe pas" },
  max_items: { en: '{{charNumber}} items at most', fr: '{{charNumber}} éléments au maximum' },
  duplicate_country: {
    en: 'A country appears twice',
    fr: 'Un pays apparaît deux fois',
  },
  period_order: {
    en: 'The end must come after the start',
    fr: 'La fin doit être postérieure au début',
  },
  period_in_past: {
    en: 'The end must be in the future',
    fr: 'La fin doit être dans le futur',
  },
  pdf_only: { en: 'PDF files only', fr: 'Fichiers PDF uniquement' },
  trial_plan: {
    en: "New sellers' free trials start on this plan: it stays active",
    fr: 'Les essais gratuits des nouveaux vendeurs commencent sur cette formule : elle reste active',
  },
  file_too_large: { en: 'The file is too large', fr: 'Le fichier est trop volumineux' },
  image_only: { en: 'PNG, JPG, WebP or SVG images only', fr: 'Images PNG, JPG, WebP ou SVG uniquement' },
  cart_duration_range: {
    en: 'Cart duration must be between 0 minutes and 24 hours',
    fr: 'La durée du panier doit être comprise entre 0 minute et 24 heures',
  },
  // products (SPEC §5: configured products need price, quantity and SKU, a colour and a size)
  integer: { en: 'Must be a whole number', fr: 'Doit être un nombre entier' },
  not_negative: { en: 'Must be 0 or more', fr: 'Doit être supérieur ou égal à 0' },
  sku_chars: { en: 'Letters and digits only', fr: 'Lettres et chiffres uniquement' },
  select_color: { en: 'Select at least one colour', fr: 'Sélectionnez au moins une couleur' },
  select_size: { en: 'Select at least one size', fr: 'Sélectionnez au moins une taille' },
  too_many_colors: {
    en: 'Too many colours: {{charNumber}} at most',
    fr: 'Trop de couleurs : {{charNumber}} au maximum',
  },
  too_many_sizes: {
    en: 'Too many sizes: {{charNumber}} at most',
    fr: 'Trop de tailles : {{charNumber}} au maximum',
  },
  one_configuration: {
    en: 'A simple product has exactly one configuration',
    fr: 'Un produit simple a exactement une déclinaison',
  },
  missing_variant: {
    en: 'Every colour and size pair needs its row',
    fr: 'Chaque couple couleur et taille doit avoir sa ligne',
  },
  duplicate_variant: {
    en: 'This colour and size pair appears twice',
    fr: 'Ce couple couleur et taille apparaît deux fois',
  },
  not_selected: {
    en: 'This colour or size is not among the selected ones',
    fr: "Cette couleur ou cette taille n'est pas sélectionnée",
  },
  keyword_taken: {
    en: 'This keyword is already used by another published product',
    fr: 'Ce mot-clé est déjà utilisé par un autre produit publié',
  },
  too_many_photos: {
    en: 'Too many photos: {{charNumber}} at most',
    fr: 'Trop de photos : {{charNumber}} au maximum',
  },
  // CSV import report
  missing_column: { en: 'Missing column', fr: 'Colonne manquante' },
  publish_value: { en: 'Must be TRUE or FALSE', fr: 'Doit être TRUE ou FALSE' },
  unknown_color: { en: 'Unknown colour', fr: 'Couleur inconnue' },
  unknown_size: { en: 'Unknown size', fr: 'Taille inconnue' },
  variation_first: {
    en: 'A variation row must follow the first row of its product',
    fr: 'Une ligne de variation doit suivre la première ligne de son produit',
  },
  empty_file: { en: 'The file has no product row', fr: "Le fichier n'a aucune ligne de produit" },
  bad_file: { en: 'The file cannot be read as CSV', fr: 'Le fichier ne peut pas être lu comme un CSV' },
  // support (SPEC §5: support request at least 50 characters)
  support_min: {
    en: 'A support request needs at least {{charNumber}} characters',
    fr: 'Une demande de support doit contenir au moins {{charNumber}} caractères',
  },
  screenshot_type: { en: 'Images .jpg, .png or .webp only', fr: 'Images .jpg, .png ou .webp uniquement' },
  // chatbot (issue 16)
  product: { en: 'Choose one of your products', fr: 'Choisissez un de vos produits' },
  unknown_placeholder: {
    en: 'This text uses a placeholder that does not exist for this reply',
    fr: "Ce texte utilise une variable qui n'existe pas pour cette réponse",
  },
  link_required: {
    en: 'This reply carries the cart: its text must hold {link}',
    fr: 'Cette réponse porte le panier : son texte doit contenir {link}',
  },
  no_links: {
    en: 'This reply goes out by e-mail: only {link} may put a web address in it',
    fr: 'Cette réponse part par e-mail : seul {link} peut y mettre une adresse web',
  },
  mandatory_reply: {
    en: 'This reply carries the cart and cannot be switched off',
    fr: 'Cette réponse porte le panier et ne peut pas être désactivée',
  },
  trigger_letters: {
    en: 'A trigger word needs at least one letter or digit',
    fr: 'Un mot déclencheur doit contenir au moins une lettre ou un chiffre',
  },
  too_many_triggers: {
    en: 'Too many trigger words: {{charNumber}} at most',
    fr: 'Trop de mots déclencheurs : {{charNumber}} au maximum',
  },
  discount_range: {
    en: 'The discount must be between 0 and 100 %',
    fr: 'La remise doit être comprise entre 0 et 100 %',
  },
  placeholder_repeated: {
    en: 'A placeholder may appear {{charNumber}} times at most in a text',
    fr: 'Une variable peut apparaître {{charNumber}} fois au plus dans un texte',
  },
  min_one: { en: 'Must be 1 or more', fr: 'Doit être supérieur ou égal à 1' },
  max_value: { en: 'Must be {{charNumber}} at most', fr: 'Doit être au plus {{charNumber}}' },
} as const;

export type TFieldErrorCode = keyof typeof FIELD_ERRORS;

/** Fills the `{{name}}` placeholders of a message; unknown ones stay as they are. */
export function formatMessage(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

/** The text of a field-error code such as `required` or `too_many_colors:15`, in a language. */
export function fieldErrorText(message: string, locale: 'fr' | 'en'): string {
  const [code, n] = message.split(':');
  const entry = FIELD_ERRORS[code as TFieldErrorCode];
  if (!entry) return message;
  return formatMessage(entry[locale], n === undefined ? undefined : { charNumber: n });
}

/** The body of every error answer. `params` fill the message's placeholders (`keyword_taken`). */
export interface TErrorBody {
  error: TErrorCode;
  message: string;
  fields?: Record<string, string>;
  params?: Record<string, string | number>;
}
