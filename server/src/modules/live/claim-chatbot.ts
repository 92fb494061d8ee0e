/**
 * The chatbot's share of a comment's claim input (`claim-input.ts`): the seller's texts of the
 * parts the comment may cause, and the custom reply its trigger word names. The seller's chatbot
 * is read with the claim's context (`chatbot/texts.ts`); the database decides whether the custom
 * reply is sent (`chatbot_answer`) and which language the message is in.
 */
import type { TLocale } from '@livecart/contract/constants';
import type { z } from 'zod';
import { DEFAULT_SYSTEM_TEXTS } from '../chatbot/defaults.ts';
import { type CustomReply, customReplyValues, type SystemTexts } from '../chatbot/texts.ts';
import type { CLAIM_REPLIES, ZClaimInput } from './claim-input.ts';

type ClaimReply = (typeof CLAIM_REPLIES)[number];
type ClaimInput = z.input<typeof ZClaimInput>;

/**
 * The seller's texts of the parts a comment may cause, per language: reserved or waiting when it
 * names articles, and the reply of each product it names without a usable variant. A text equal
 * to the platform's default as the code ships it (`DEFAULT_SYSTEM_TEXTS`, most sellers' case) is
 * left out: the message renders it from the code (`replies.ts`), so the claim and its outbox row
 * carry nothing more for it; a part switched off is `null`.
 */
export function claimTexts(
  system: SystemTexts,
  wantsArticles: boolean,
  choose: { options: string[]; noMatch: boolean }[],
): ClaimInput['texts'] {
  const events = new Set<ClaimReply>();
  if (wantsArticles) {
    events.add('cart_created');
    events.add('waiting_joined');
  }
  for (const c of choose)
    events.add(!c.options.length ? 'sold_out' : c.noMatch ? 'unknown_variant' : 'choose_variant');
  const of = (locale: TLocale) =>
    Object.fromEntries(
      [...events]
        .map((e) => [e, system[e]?.[locale] ?? null] as const)
        .filter(([e, text]) => text !== DEFAULT_SYSTEM_TEXTS[e][locale]),
    );
  return { fr: of('fr'), en: of('en') };
}

/** The custom reply a comment triggers, as the claim is told it (null: none). */
export function claimAnswer(reply: CustomReply | null): ClaimInput['answer'] {
  if (!reply) return null;
  const values = (locale: TLocale) =>
    Object.fromEntries(
      Object.entries(customReplyValues(reply, locale)).filter((e): e is [string, string] => !!e[1]),
    );
  return {
    id: reply.id,
    name: reply.name,
    givesLink: reply.givesLink,
    discount: reply.discount,
    productId: reply.discount ? reply.discountProductId : null,
    text: reply.text,
    values: { fr: values('fr'), en: values('en') },
  };
}
