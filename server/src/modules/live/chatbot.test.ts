import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartOf,
  checkout,
  inject,
  orderRow,
  paymentsOf,
  type Shop,
  settle,
  shop,
  useCheckoutFixtures,
} from '../../../test/checkout-fixtures.ts';
import { makeBuyer, sentMails, startTestApp } from '../../../test/helpers.ts';
import {
  comment,
  liveSeller,
  reads,
  simpleProduct,
  startSession,
  viewer,
} from '../../../test/live-fixtures.ts';
import { pdfText } from '../../../test/payment-fixtures.ts';
import {
  configuredBody,
  createProduct,
  loadRefs,
  type Refs,
  simpleBody,
  uniq,
} from '../../../test/product-fixtures.ts';
import {
  chatbotMessages,
  chatbotSessionAnswers,
  liveComments,
  orders,
  privateReplies,
  socialIdentities,
  users,
} from '../../db/schema/index.ts';
import { MAX_TEXT_LENGTH } from '../../integrations/social/facebook.ts';
import type { Runtime } from '../../runtime.ts';
import { notifyExpiringCarts } from '../orders/expiring.ts';

let rt: Runtime;
let refs: Refs;
let r: ReturnType<typeof reads>;
beforeAll(async () => {
  rt = await startTestApp();
  refs = await loadRefs(rt);
  r = reads(rt);
  await useCheckoutFixtures(rt, refs);
});
afterAll(() => rt.close());

const db = () => rt.deps.database.db;

/** A custom reply of the seller's, as their chatbot screen saves it. */
async function customReply(
  sellerId: number,
  patch: Partial<typeof chatbotMessages.$inferInsert> & { keywords: string },
) {
  const [row] = await db()
    .insert(chatbotMessages)
    .values({
      seller_id: sellerId,
      type: 'users',
      name: `Réponse ${uniq()}`,
      message_fr: 'Bonjour {first_name} ! Livraison offerte dès 50 € chez {store}.',
      message_en: 'Hi {first_name}! Free shipping from €50 at {store}.',
      ...patch,
    })
    .returning();
  return row;
}

/** The seller's own text (and switch) of a system reply. */
async function systemReply(
  sellerId: number,
  name: string,
  texts: { fr?: string; en?: string; active?: boolean },
) {
  const [platform] = await db()
    .select()
    .from(chatbotMessages)
    .where(and(eq(chatbotMessages.type, 'system'), eq(chatbotMessages.name, name), sql`seller_id IS NULL`));
  await db()
    .insert(chatbotMessages)
    .values({
      seller_id: sellerId,
      type: 'system',
      name,
      message_fr: texts.fr ?? platform.message_fr,
      message_en: texts.en ?? platform.message_en,
      active: texts.active ?? true,
      mandatory: platform.mandatory,
    });
}

/** Changes a reply as the seller's screen does (its `updated_at` with it). */
const editReply = (id: number, patch: Partial<typeof chatbotMessages.$inferInsert>) =>
  db()
    .update(chatbotMessages)
    .set({ ...patch, updated_at: sql`now()` })
    .where(eq(chatbotMessages.id, id));

const commentsOf = (sessionId: number) =>
  db().select().from(liveComments).where(eq(liveComments.session_id, sessionId)).orderBy(liveComments.id);

/** The private replies of a session once sent, in comment order. */
async function repliesOf(sessionId: number) {
  await rt.worker.drain();
  return db()
    .select()
    .from(privateReplies)
    .where(eq(privateReplies.session_id, sessionId))
    .orderBy(privateReplies.live_comment_id);
}

/** A viewer whose identity at the seller is linked to a shopper account. */
async function linkedViewer(sellerId: number, locale: 'fr' | 'en' = 'fr') {
  const buyer = await makeBuyer(rt);
  await db().update(users).set({ selected_locale: locale, first_name: 'Inès' }).where(eq(users.id, buyer.id));
  const from = viewer();
  await db()
    .insert(socialIdentities)
    .values({
      seller_id: sellerId,
      platform: 'facebook',
      external_user_id: from,
      name: `Inès ${from}`,
      user_id: buyer.id,
    });
  return { buyer, from };
}

describe('custom replies in the live', () => {
  it('a trigger word is answered once per viewer per live, in the seller’s words, and the console says which reply', async () => {
    const { seller, api, post, sessionId } = await liveSeller(rt);
    const reply = await customReply(seller.id, { keywords: 'livraison,shipping' });
    const [a, b] = [viewer(), viewer()];
    await post([comment('C’est quoi la LIVRAISON ?', a)]);
    await post([comment('et la livraison alors ?', a), comment('shipping?', b)]);

    expect((await commentsOf(sessionId)).map((c) => [c.outcome, c.outcome_reason])).toEqual([
      ['answered', null],
      ['no_match', 'chatbot:already_answered'],
      ['answered', null],
    ]);
    const replies = await repliesOf(sessionId);
    expect(replies.map((x) => x.text)).toEqual([
      'Bonjour Viewer ! Livraison offerte dès 50 € chez Test User.',
      'Bonjour Viewer ! Livraison offerte dès 50 € chez Test User.',
    ]);
    // No cart for a question.
    expect(await r.cartsOf(seller.id)).toHaveLength(0);
    const [counter] = await db()
      .select()
      .from(chatbotSessionAnswers)
      .where(eq(chatbotSessionAnswers.message_id, reply.id));
    expect(counter.answers).toBe(2);
    expect(
      (await db().select().from(chatbotMessages).where(eq(chatbotMessages.id, reply.id)))[0].answer_count,
    ).toBe(2);

    const listed = (await api.get(`/api/livesession/${sessionId}/comments`)).json().items as {
      id: number;
      outcome: string;
      answered: unknown;
    }[];
    expect(listed.sort((x, y) => x.id - y.id).map((c) => [c.outcome, c.answered])).toEqual([
      ['answered', { id: reply.id, name: reply.name }],
      ['no_match', null],
      ['answered', { id: reply.id, name: reply.name }],
    ]);
  });

  it('at its maximum per live a reply says nothing more in that live, and answers again in the next one', async () => {
    const { seller, api, post, sessionId } = await liveSeller(rt);
    await customReply(seller.id, { keywords: 'prix', max_answer_count: 2 });
    const viewers = [viewer(), viewer(), viewer()];
    for (const v of viewers) await post([comment('le prix ?', v)]);
    expect((await commentsOf(sessionId)).map((c) => c.outcome_reason ?? c.outcome)).toEqual([
      'answered',
      'answered',
      'chatbot:max_reached',
    ]);
    expect(await repliesOf(sessionId)).toHaveLength(2);

    const next = await startSession(rt, api);
    await next.post([comment('le prix ?', viewers[0])]);
    expect((await commentsOf(next.sessionId)).map((c) => c.outcome)).toEqual(['answered']);
  });

  it('an inactive reply is silent, from the next comment once switched off', async () => {
    const { seller, post, sessionId } = await liveSeller(rt);
    const reply = await customReply(seller.id, { keywords: 'taille ?' });
    await customReply(seller.id, { keywords: 'couleur', active: false });
    await post([comment('Taille ?', viewer()), comment('quelle couleur ?', viewer())]);
    await editReply(reply.id, { active: false });
    await post([comment('taille', viewer())]);
    expect((await commentsOf(sessionId)).map((c) => c.outcome)).toEqual(['answered', 'no_match', 'no_match']);
    expect(await repliesOf(sessionId)).toHaveLength(1);
  });

  it('many viewers triggering a reply at once get exactly its maximum of answers', async () => {
    const { seller, post, sessionId } = await liveSeller(rt);
    const reply = await customReply(seller.id, { keywords: 'promo', max_answer_count: 3 });
    await Promise.all(Array.from({ length: 12 }, () => post([comment('promo ?', viewer())])));
    const outcomes = (await commentsOf(sessionId)).map((c) => c.outcome_reason ?? c.outcome);
    expect(outcomes.filter((o) => o === 'answered')).toHaveLength(3);
    expect(outcomes.filter((o) => o === 'chatbot:max_reached')).toHaveLength(9);
    const [counter] = await db()
      .select()
      .from(chatbotSessionAnswers)
      .where(eq(chatbotSessionAnswers.message_id, reply.id));
    expect(counter.answers).toBe(3);
    expect(await repliesOf(sessionId)).toHaveLength(3);
  });

  it('the longest trigger wins when several replies match', async () => {
    const { seller, post, sessionId } = await liveSeller(rt);
    await customReply(seller.id, { keywords: 'taille', message_fr: 'Guide des tailles.' });
    await customReply(seller.id, { keywords: 'taille enfant', message_fr: 'Tailles enfant : 2 à 12 ans.' });
    await post([comment('la taille enfant ?', viewer())]);
    expect((await repliesOf(sessionId)).map((x) => x.text)).toEqual(['Tailles enfant : 2 à 12 ans.']);
  });

  it('a comment that orders and triggers gets one message joining both', async () => {
    const { seller, api, post, sessionId } = await liveSeller(rt);
    const { keyword } = await simpleProduct(rt, refs, api, 5);
    const reply = await customReply(seller.id, { keywords: 'livraison' });
    const who = viewer();
    await post([comment(`${keyword} x2 et la livraison ?`, who)]);
    const cart = await r.cartOfViewer(seller.id, who);
    expect(cart?.lines).toMatchObject([{ quantity: 2 }]);
    const [one, ...more] = await repliesOf(sessionId);
    expect(more).toHaveLength(0);
    expect(one.text).toMatch(
      /^Merci Viewer ! Réservé pour vous : Foulard en soie \(Rouge\) ×2\. Votre panier est gardé 30 min : http\S+ Bonjour Viewer ! Livraison offerte dès 50 € chez Test User\.$/,
    );
    const [listed] = (await api.get(`/api/livesession/${sessionId}/comments`)).json().items;
    expect(listed).toMatchObject({ outcome: 'ordered', answered: { id: reply.id, name: reply.name } });
  });

  it('a reply naming its product and {link} gives the viewer their cart link and the product’s details', async () => {
    const { seller, api, post, sessionId } = await liveSeller(rt);
    const { product, keyword } = await simpleProduct(rt, refs, api, 5);
    await customReply(seller.id, {
      keywords: 'robe ?',
      product_id: product.id,
      message_fr: '{product} à {price} : commentez {keyword}. Votre panier : {link}',
      message_en: '{product} at {price}: comment {keyword}. Your cart: {link}',
    });
    const who = viewer();
    await post([comment('la robe ?', who)]);
    const cart = await r.cartOfViewer(seller.id, who);
    expect(cart).toMatchObject({ status: 'new', subtotal_cents: 0, expires_at: null, lines: [] });
    const [reply] = await repliesOf(sessionId);
    expect(reply.text).toMatch(
      new RegExp(
        `^Foulard en soie à 25,00\\s€ : commentez ${keyword}\\. Votre panier : http\\S+/checkout/${cart?.order_number}\\?`,
      ),
    );
  });
});

describe('system replies in the seller’s words', () => {
  it('an edited system reply is used by the very next order', async () => {
    const { seller, api, post, sessionId } = await liveSeller(rt);
    const { keyword } = await simpleProduct(rt, refs, api, 5);
    await post([comment(keyword, viewer())]);
    await systemReply(seller.id, 'cart_created', {
      fr: 'Youpi {first_name} ! {items} vous attend {minutes} min chez {store} : {link}',
    });
    await post([comment(keyword, viewer())]);
    const [before, after] = await repliesOf(sessionId);
    expect(before.text).toMatch(/^Merci Viewer ! Réservé pour vous : /);
    expect(after.text).toMatch(
      /^Youpi Viewer ! Foulard en soie \(Rouge\) ×1 vous attend 30 min chez Test User : http\S+$/,
    );
  });

  it('a message too long for the platform keeps its checkout link, even after a reply naming the shop’s site', async () => {
    const { seller, api, post, sessionId } = await liveSeller(rt);
    const { keyword } = await simpleProduct(rt, refs, api, 5);
    const words = (n: number) => Array.from({ length: n }, (_, i) => `mot${i}`).join(' ');
    await systemReply(seller.id, 'cart_created', { fr: `${words(150)}. Votre panier : {link}` });
    await customReply(seller.id, {
      keywords: 'livraison',
      message_fr: `${words(150)}. Tout savoir : https://boutique.example/livraison`,
    });
    const who = viewer();
    await post([comment(`${keyword} et la livraison ?`, who)]);
    const cart = await r.cartOfViewer(seller.id, who);
    const [sent] = await repliesOf(sessionId);
    expect(sent.status).toBe('sent');
    expect(sent.text.length).toBeLessThanOrEqual(MAX_TEXT_LENGTH);
    expect(sent.text).toContain(`/checkout/${cart?.order_number}?`);
  });

  it('a seller’s inactive sold_out says nothing of its part, and the cart link still goes out', async () => {
    const { seller, api, post, sessionId } = await liveSeller(rt);
    const gone = `jupe${uniq()}`;
    await createProduct(api, {
      ...configuredBody([refs.color.red, refs.color.black], [refs.size['letters:M']], {
        keywords: gone,
        isPublish: true,
      }),
      configurations: [refs.color.red, refs.color.black].map((color_id, i) => ({
        color_id,
        size_id: refs.size['letters:M'],
        price: 30,
        sku: `J${i}`,
        quantity: 0,
      })),
    });
    await post([comment(`${gone} violet`, viewer())]);
    await systemReply(seller.id, 'sold_out', { active: false });
    await systemReply(seller.id, 'cart_created', { fr: 'Réservé : {items}.' });
    const { keyword } = await simpleProduct(rt, refs, api, 5);
    await post([comment(`${gone} violet`, viewer()), comment(`${keyword} et ${gone} violet`, viewer())]);

    expect((await commentsOf(sessionId)).map((c) => c.outcome)).toEqual(['chatbot', 'chatbot', 'cart']);
    const replies = await repliesOf(sessionId);
    // Sold out as the platform says it; then nothing to say (no reply); then the article without the sold-out sentence.
    expect(replies.map((x) => x.text.replace(/http\S+/, 'LINK'))).toEqual([
      'Robe fleurie n’est plus disponible.',
      'Réservé : Foulard en soie (Rouge) ×1. Votre panier : LINK',
    ]);
  });

  it('the reply goes out in the viewer’s language when their account says it, with the cart in it', async () => {
    const { seller, api, post, sessionId } = await liveSeller(rt);
    const { keyword } = await simpleProduct(rt, refs, api, 5);
    await customReply(seller.id, { keywords: 'livraison' });
    const { from } = await linkedViewer(seller.id, 'en');
    await post([comment(`${keyword} livraison`, from), comment(keyword, viewer())]);
    const [english, french] = await repliesOf(sessionId);
    expect(english.text).toMatch(
      /^Thank you Viewer! Reserved for you: Foulard en soie \(Red\) ×1\. Your cart is kept for 30 min: http\S+\/en\/checkout\/\S+ Hi Viewer! Free shipping from €50 at Test User\.$/,
    );
    expect(french.text).toMatch(/^Merci Viewer ! Réservé pour vous : Foulard en soie \(Rouge\) ×1\./);
    expect((await r.cartOfViewer(seller.id, from))?.locale).toBe('en');
  });
});

/** A second product of the shop, at `price` euros. */
async function productAt(s: Shop, price: number) {
  const keyword = `sac${uniq()}`;
  const product = await createProduct(
    s.api,
    simpleBody(refs, {
      name: 'Sac',
      keywords: keyword,
      isPublish: true,
      quantity: 5,
      price,
      sku: `SAC${uniq()}`,
    }),
  );
  return { product, keyword };
}

describe('discounts of custom replies', () => {
  it('a discount on its product is on the checkout total, the payment, the invoice and the confirmation in the seller’s words', async () => {
    const s = await shop();
    await customReply(s.seller.id, {
      keywords: 'promo',
      product_id: s.product.product.id,
      discount_percent: 10,
    });
    await systemReply(s.seller.id, 'payment_received', {
      fr: 'Paiement de {amount} bien reçu pour {order}, merci {first_name} ! {store}',
    });
    const from = viewer();
    const { cart, t } = await cartOf(s, from, `${s.product.keyword} x2`);
    await s.post([comment('une promo ?', from)]);

    expect(await orderRow(cart.id)).toMatchObject({
      subtotal_cents: 5000,
      discount_cents: 500,
      total_amount_cents: 4500,
    });
    const page = await inject('GET', `/api/checkout?orderNumber=${cart.order_number}&t=${t}`);
    expect(page.json().order).toMatchObject({ subtotal: 50, discount: 5, total_amount: 45 });

    const paymentId = await checkout(s, cart, t);
    expect(await paymentsOf(cart.id)).toMatchObject([{ amount_cents: 4500 + 490 }]);
    expect((await settle(paymentId, 'paid')).statusCode).toBe(200);
    expect(await orderRow(cart.id)).toMatchObject({
      status: 'payed',
      total_amount_cents: 4990,
      discount_cents: 500,
    });

    await rt.worker.drain();
    const pdf = await s.api.get(`/api/invoices/${cart.order_number}.pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain('Remise');
    expect(text).toContain('− 5,00 €');
    expect(text).toContain('49,90 €');

    const [mail] = (await sentMails(rt)).filter(
      (m) => m.to === 'marie@example.com' && m.text.includes(cart.order_number),
    );
    expect(mail.text.replace(/[\u00a0\u202f]/g, ' ')).toContain(
      `Paiement de 49,90 € bien reçu pour ${cart.order_number}, merci Marie ! Test User`,
    );
    expect(mail.text).not.toContain('Votre paiement de');
  });

  it('each line takes the highest percent that applies to it, rounded per line, in a cart opened before or after', async () => {
    const s = await shop();
    const bag = await productAt(s, 9.99);
    await customReply(s.seller.id, {
      keywords: 'foulard',
      product_id: s.product.product.id,
      discount_percent: 30,
    });
    await customReply(s.seller.id, { keywords: 'remise', discount_percent: 15 });
    const from = viewer();
    await s.post([comment('remise ?', from)]);
    await s.post([comment(`${s.product.keyword} et ${bag.keyword} foulard`, from)]);
    const cart = await r.cartOfViewer(s.seller.id, from);
    // 25.00 at 30 % = 7.50; 9.99 at 15 % = 1.4985 → 1.50.
    expect(cart).toMatchObject({ subtotal_cents: 3499, discount_cents: 900, total_amount_cents: 2599 });
    // Given once per viewer per reply per live: asking again changes nothing.
    await s.post([comment('encore une remise ?', from)]);
    expect(await orderRow(cart?.id as number)).toMatchObject({ discount_cents: 900 });
  });

  it('a discount given after the payment started leaves that cart as it is', async () => {
    const s = await shop();
    await customReply(s.seller.id, { keywords: 'promo', discount_percent: 50 });
    const from = viewer();
    const { cart, t } = await cartOf(s, from);
    await checkout(s, cart, t);
    await s.post([comment('promo ?', from)]);
    expect(await orderRow(cart.id)).toMatchObject({ discount_cents: 0, total_amount_cents: 2500 + 490 });
  });
});

describe('follow-ups by e-mail in the seller’s words', () => {
  it('a cart whose countdown is nearly over is told once per countdown, by e-mail, across sweepers', async () => {
    const { seller, api, post } = await liveSeller(rt, 10);
    const { keyword } = await simpleProduct(rt, refs, api, 5);
    await systemReply(seller.id, 'cart_expiring', {
      fr: 'Vite {first_name}, plus que {minutes} min pour {items} : {link}',
    });
    const { buyer, from } = await linkedViewer(seller.id);
    await post([comment(keyword, from)]);
    const cart = await r.cartOfViewer(seller.id, from);
    if (!cart) throw new Error('no cart');
    const setLeft = (seconds: number) =>
      db()
        .update(orders)
        .set({ expires_at: sql`now() + make_interval(secs => ${seconds})` })
        .where(eq(orders.id, cart.id));
    const mailsOf = async () => (await sentMails(rt)).filter((m) => m.to === buyer.email);

    // 3 minutes left of 10: not yet (a fifth of the countdown is 2 minutes).
    await setLeft(180);
    await rt.sweeper.sweepNow();
    expect(await mailsOf()).toHaveLength(0);
    await setLeft(90);
    const env = rt.deps.config;
    await Promise.all([
      rt.sweeper.sweepNow(),
      notifyExpiringCarts(rt.deps.database, { env }),
      notifyExpiringCarts(rt.deps.database, { env }),
    ]);
    await rt.sweeper.sweepNow();
    const [mail, ...more] = await mailsOf();
    expect(more).toHaveLength(0);
    expect(mail.subject).toBe('Votre panier expire bientôt');
    expect(mail.text).toMatch(
      /Vite Inès, plus que 2 min pour Foulard en soie \(Rouge\) ×1 : http\S+\/checkout\//,
    );

    // A new article restarts the countdown, which gets its own notice.
    await post([comment(keyword, from)]);
    expect((await orderRow(cart.id)).expiring_notified_at).toBeNull();
    await setLeft(60);
    await rt.sweeper.sweepNow();
    expect(await mailsOf()).toHaveLength(2);
  });

  it('the waiting list served is told in the seller’s words', async () => {
    const { seller, api, post } = await liveSeller(rt);
    const { config, keyword } = await simpleProduct(rt, refs, api, 0);
    await systemReply(seller.id, 'waiting_served', {
      fr: '{first_name}, {items} est à vous pour {minutes} min chez {store} : {link}',
    });
    const { buyer, from } = await linkedViewer(seller.id);
    await post([comment(keyword, from)]);
    const set = await api.post('/api/order/update-config-qty', {
      productConfigurationId: config.id,
      quantity: 1,
    });
    expect(set.statusCode, set.body).toBe(200);
    const [mail] = (await sentMails(rt)).filter((m) => m.to === buyer.email);
    expect(mail.text).toMatch(
      /Inès, Foulard en soie \(Rouge\) ×1 est à vous pour 30 min chez Test User : http\S+\/checkout\//,
    );
  });
});
