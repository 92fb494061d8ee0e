import {
  MANDATORY_REPLIES,
  REPLY_PLACEHOLDERS,
  SYSTEM_REPLIES,
  type TChatbotMessage,
  type TSystemReplyItem,
} from '@livecart/contract/chatbot';

/** A custom reply as the API answers it. */
export const reply = (patch: Partial<TChatbotMessage> = {}): TChatbotMessage => ({
  id: 5,
  type: 'users',
  name: 'Livraison',
  keywords: ['livraison', 'shipping'],
  message_fr: 'Bonjour {first_name}, la livraison prend 48 h depuis {store}.',
  message_en: 'Hi {first_name}, shipping takes 48 h from {store}.',
  active: true,
  product: null,
  discount: null,
  answer_count: 3,
  max_answer_count: null,
  mandatory: false,
  created_at: '2026-03-01T10:00:00Z',
  updated_at: '2026-03-01T10:00:00Z',
  ...patch,
});

/** Every system reply as a seller has them, the platform's texts unless `patch` says otherwise. */
export const systemReplies = (patch: Partial<Record<string, Partial<TSystemReplyItem>>> = {}) => ({
  items: SYSTEM_REPLIES.map(
    (name, i): TSystemReplyItem => ({
      id: i + 1,
      name,
      message_fr: MANDATORY_REPLIES.includes(name)
        ? `Merci {first_name} ! Votre panier : {link}`
        : `Bonjour {first_name}, ${name}`,
      message_en: MANDATORY_REPLIES.includes(name)
        ? `Thanks {first_name}! Your cart: {link}`
        : `Hello {first_name}, ${name}`,
      active: true,
      mandatory: MANDATORY_REPLIES.includes(name),
      default_fr: `Texte de la plateforme ${name}`,
      default_en: `Platform text ${name}`,
      overridden: false,
      placeholders: [...REPLY_PLACEHOLDERS[name]],
      updated_at: '2026-03-01T10:00:00Z',
      ...patch[name],
    }),
  ),
});
