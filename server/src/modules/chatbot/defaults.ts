import type { TSystemReply } from '@livecart/contract/chatbot';

/**
 * Platform-default chatbot replies, one per event the live engine answers (SYSTEM_REPLIES), with
 * the placeholders of REPLY_PLACEHOLDERS (contract/chatbot.ts). The admin edits them; a seller
 * may write their own. Seeded once (db/seed-reference.ts); the live engine also renders with them a
 * reply queued before the chatbot existed (its payload carries no texts).
 */
export const DEFAULT_SYSTEM_TEXTS: Record<TSystemReply, { fr: string; en: string }> = {
  cart_created: {
    fr: 'Merci {first_name} ! Réservé pour vous : {items}. Votre panier est gardé {minutes} min : {link}',
    en: 'Thank you {first_name}! Reserved for you: {items}. Your cart is kept for {minutes} min: {link}',
  },
  waiting_joined: {
    fr: 'Liste d’attente : {items}, plus en stock pour l’instant. Elle est servie dans l’ordre des commentaires. Votre panier : {link}',
    en: 'Waiting list: {items}, out of stock for now. It is served in comment order. Your cart: {link}',
  },
  waiting_served: {
    fr: 'Bonne nouvelle {first_name} ! {items} s’est libéré et vous attend dans votre panier pendant {minutes} min : {link}',
    en: 'Good news {first_name}! {items} is available again and waits in your cart for {minutes} min: {link}',
  },
  choose_variant: {
    fr: 'Pour {product}, précisez la variante : {options}.',
    en: 'For {product}, please say which one: {options}.',
  },
  unknown_variant: {
    fr: '{product} n’existe pas dans cette variante. Disponible : {options}.',
    en: '{product} does not come in that variant. Available: {options}.',
  },
  sold_out: {
    fr: '{product} n’est plus disponible.',
    en: '{product} is no longer available.',
  },
  cart_expiring: {
    fr: '{first_name}, votre panier ({items}) n’est plus gardé que {minutes} min. Finalisez votre commande ici : {link}',
    en: '{first_name}, your cart ({items}) is only kept for {minutes} more min. Complete your order here: {link}',
  },
  payment_received: {
    fr: 'Merci {first_name} ! Nous avons bien reçu votre paiement de {amount} pour la commande {order}.',
    en: 'Thank you {first_name}! We have received your payment of {amount} for order {order}.',
  },
};
