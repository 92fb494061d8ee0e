-- The claim of one live comment, at most once (live/claim.ts parses the comment and builds p, see ZClaimInput
-- there for every field). A post's comments are claimed by live_claim_post (below), which calls
-- this for each in comment order inside one transaction; this is called alone, as its own
-- statement, for the comments of a post whose call failed. What the comment causes exists all
-- together or not at all: the viewer's identity, the stock, the cart, the waiting list, the
-- comment's outcome, the seller's notice and the one private reply. Each step is the owning module's function:
--   buyers_viewer_identity   buyers/sql/identity.sql
--   products_reserve         products/sql/stock.sql   (the stock rule: queue first, never below 0)
--   orders_open_cart, orders_add_to_cart (lines, totals, countdown)   orders/sql/cart.sql
--                            (in a post: orders_add_lines, then orders_cart_totals_many once)
--   orders_join_waiting_list orders/sql/waiting.sql
-- (A post's runs of plain orders are decided by live_claim_run, below, with the set variants of
-- the same functions: products_reserve_many, orders_open_carts, orders_add_lines_many,
-- orders_join_waiting_lists; the post's viewers come from buyers_viewer_identities.)
--   notifications_add        notifications/sql/notify.sql
--   jobs_enqueue             jobs/sql/outbox.sql      (in a post: jobs_enqueue_many once)
--   chatbot_answer           chatbot/sql/answer.sql   (a custom reply: once per viewer, up to its maximum)
--   orders_grant_discount    orders/sql/cart.sql      (a custom reply's discount on the viewer's cart)
-- Locks come in one order: the comment, the viewer's identity, a custom reply and its answer
-- rows (the reply, key share; the viewer's; the live's counter), the configurations by ascending
-- id, then the cart; so these claims never deadlock each other. live_claim_post takes its
-- comments and configurations first, so a post can cross a claim of this order or another post
-- on the later locks, and a release (cart, configurations, other carts) can cross either: the
-- caller retries on deadlock.
--
-- A request larger than the free stock reserves what is free and waits for the rest; stock is
-- never taken while someone waits for it. The cart is opened also for a viewer who only joins a
-- waiting list: the reply carries their own link, where the article appears once served.
-- A viewer the seller blocked (buyers_viewer_identity says so) gets outcome `blocked` and the
-- seller's message, and nothing else.
-- A comment that holds a custom reply's trigger word (p.answer, chosen in Node) is answered when
-- chatbot_answer says so: the reply's text joins the comment's one private reply, its discount
-- is given (orders_grant_discount), and a text holding {link} opens the viewer's cart for its
-- link. A comment that only triggers is `answered`; when the reply stays silent (already answered
-- this viewer in this live, at its maximum, switched off) it is `no_match` with the reason
-- `chatbot:{why}` and gets no private reply.
-- The reply is in the viewer's language (their linked account's), else the shop's (p.locale);
-- a cart the comment opens takes that language too. The seller's texts of the reply's parts
-- (p.texts, per language: a string, null when switched off, absent when it is the platform's
-- default as the code ships it) go in the outbox payload; the text is rendered when sent.
-- Answers {outcome, orderId, orderNumber, cart (articles were added), waiting (configuration ids
-- whose queue the viewer joined), answer (what chatbot_answer said, or null)}, or {skipped,
-- outcome} for a comment another caller decided.
--
-- The claim and its at-most-once check are one function: one call less per comment.
DROP FUNCTION IF EXISTS live_claim_comment(jsonb);

-- The viewer's language: their linked account's (p_user), else the shop's (p_shop).
CREATE OR REPLACE FUNCTION live_viewer_locale(p_user integer, p_shop text)
RETURNS text
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_locale text;
BEGIN
  IF p_user IS NULL THEN
    RETURN p_shop;
  END IF;
  SELECT u.selected_locale INTO v_locale FROM users u WHERE u.id = p_user;
  RETURN CASE WHEN v_locale IN ('fr', 'en') THEN v_locale ELSE p_shop END;
END;
$$;

CREATE OR REPLACE FUNCTION live_claim_comment_once(p jsonb)
RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_decided text;
  v_seller integer := (p->>'sellerId')::integer;
  v_session integer := (p->>'sessionId')::integer;
  v_wanted jsonb := p->'wanted';
  v_ident record;
  v_cart record;
  v_want jsonb;
  v_cfg integer;
  v_qty integer;
  v_taken integer;
  v_reserved jsonb := '[]'::jsonb;
  v_waiting jsonb := '[]'::jsonb;
  v_reserved_labels jsonb := '[]'::jsonb;
  v_waiting_labels jsonb := '[]'::jsonb;
  v_order_id integer;
  v_order_number text;
  v_outcome text;
  v_waiting_ids integer[] := '{}';
  v_done integer;
  v_queued boolean;
  v_locale text := p->>'locale';
  v_answer text;
  v_reply jsonb;
  v_says boolean;
  v_reason text;
  v_result jsonb;
  v_in_post boolean := coalesce((p->>'inPost')::boolean, false);
BEGIN
  -- At most once: the comment row is locked first (FOR NO KEY UPDATE, which the claim's own update
  -- of the row takes anyway, so a reply's foreign key check is not blocked) and a comment already
  -- decided is skipped: of a slow first delivery, a re-delivery and the sweeper claiming the same
  -- comment at once, the first to lock it claims it, the others answer {skipped: true, outcome}.
  -- No other transaction locks a comment row after an identity, a configuration or a cart.
  SELECT c.outcome INTO v_decided FROM live_comments c
  WHERE c.id = (p->>'liveCommentId')::integer
  FOR NO KEY UPDATE;
  IF NOT FOUND OR v_decided IS NOT NULL THEN
    RETURN jsonb_build_object('skipped', true, 'outcome', v_decided);
  END IF;

  IF NOT coalesce((p->>'durable')::boolean, true) THEN
    PERFORM set_config('synchronous_commit', 'off', true);
  END IF;

  -- Calls are assignments and loops run over indexes, so they need no statement of their own.
  -- The viewer is who they are on the comment's platform: a Facebook user and an Instagram
  -- account are two identities (two carts), even in one session fed by a page and its account.
  v_ident := buyers_viewer_identity(v_seller, coalesce(p->>'platform', 'facebook'), p->>'fromId', p->>'fromName');

  -- A viewer the seller blocked: nothing reserved, no cart, no waiting list, no notice; the
  -- comment's one private reply is the seller's message (blockedMessage, else the default text in
  -- the reply's language, rendered when sent: live/replies.ts).
  IF v_ident.blocked THEN
    UPDATE live_comments SET outcome = 'blocked', outcome_reason = NULL, processed_at = now(),
      social_identity_id = v_ident.id
    WHERE id = (p->>'liveCommentId')::integer;
    v_queued := jobs_enqueue('private_reply', 'reply:' || v_session || ':' || (p->>'externalId'),
      ((p->'reply') - 'parts') || jsonb_build_object('blocked', jsonb_build_object('message', p->'blockedMessage')));
    RETURN jsonb_build_object('outcome', 'blocked', 'orderId', NULL, 'orderNumber', NULL, 'cart', false,
      'waiting', '[]'::jsonb);
  END IF;

  v_locale := live_viewer_locale(v_ident.user_id, v_locale);

  -- A custom reply the comment triggers: answered once per viewer per reply per live, up to its
  -- maximum per live (chatbot_answer decides, race-free).
  IF jsonb_typeof(p->'answer') = 'object' THEN
    v_answer := chatbot_answer(v_seller, v_session, (p->'answer'->>'id')::integer, v_ident.id,
      (p->>'liveCommentId')::integer);
  END IF;

  -- `wanted` comes in ascending configuration id (ZClaimInput): the lock order of every claim.
  FOR i IN 0 .. jsonb_array_length(v_wanted) - 1 LOOP
    v_want := v_wanted->i;
    v_cfg := (v_want->>'configurationId')::integer;
    v_qty := (v_want->>'quantity')::integer;
    v_taken := products_reserve(v_seller, v_cfg, v_qty);
    -- NULL: deleted since the catalogue was read, nothing to reserve or wait for.
    CONTINUE WHEN v_taken IS NULL;
    IF v_taken > 0 THEN
      v_reserved := v_reserved || jsonb_build_array(v_want || jsonb_build_object('quantity', v_taken));
      v_reserved_labels := v_reserved_labels || to_jsonb((v_want->'article'->>v_locale) || ' ×' || v_taken);
    END IF;
    IF v_taken < v_qty THEN
      v_waiting := v_waiting || jsonb_build_array(v_want || jsonb_build_object('quantity', v_qty - v_taken));
      v_waiting_labels := v_waiting_labels || to_jsonb((v_want->'article'->>v_locale) || ' ×' || (v_qty - v_taken));
    END IF;
  END LOOP;

  -- The viewer's cart: for the articles, the waiting list (its link, where they appear once
  -- served), or a custom reply that gives the link.
  IF jsonb_array_length(v_reserved) > 0 OR jsonb_array_length(v_waiting) > 0
     OR (v_answer = 'answered' AND (p->'answer'->>'givesLink')::boolean) THEN
    v_cart := orders_open_cart(v_seller, v_ident.id, v_ident.user_id, v_session, p->>'externalId',
      v_locale, p->>'orderNumber', p->>'accessTokenHash',
      CASE WHEN jsonb_array_length(v_reserved) > 0 THEN 'live comment'
           WHEN jsonb_array_length(v_waiting) > 0 THEN 'waiting list' ELSE 'chatbot' END);
    v_order_id := v_cart.id;
    v_order_number := v_cart.order_number;
  END IF;

  IF jsonb_array_length(v_reserved) > 0 THEN
    -- In a post (p.inPost), live_claim_post computes the totals of all its carts at once.
    IF v_in_post THEN
      v_done := orders_add_lines(v_order_id, v_seller, v_reserved);
    ELSE
      v_done := orders_add_to_cart(v_order_id, v_seller, v_reserved, (p->>'timer')::integer);
    END IF;
    IF v_cart.empty THEN
      v_done := notifications_add(v_seller, 'live_cart_created', 'Nouveau panier ' || v_order_number,
        'New cart ' || v_order_number, coalesce(p->>'who', '') || ' a commandé en live.',
        coalesce(p->>'who', '') || ' ordered during the live.', '/orders/' || v_order_id,
        jsonb_build_object('orderId', v_order_id, 'sessionId', v_session));
    END IF;
  END IF;

  FOR i IN 0 .. jsonb_array_length(v_waiting) - 1 LOOP
    v_want := v_waiting->i;
    v_cfg := (v_want->>'configurationId')::integer;
    v_done := orders_join_waiting_list(v_seller, v_session, v_cfg, (v_want->>'productId')::integer, v_ident.id,
      v_ident.user_id, p->>'externalId', (v_want->>'quantity')::integer, (p->>'commentTime')::timestamptz);
    IF NOT v_cfg = ANY (v_waiting_ids) THEN
      v_waiting_ids := v_waiting_ids || v_cfg;
    END IF;
  END LOOP;

  -- The custom reply's discount, once per viewer per reply per live: their cart of this live
  -- (locked above when the comment opened or filled it) is recomputed.
  IF v_answer = 'answered' AND (p->'answer'->>'discount') IS NOT NULL THEN
    v_queued := orders_grant_discount(v_seller, v_session, v_ident.id, (p->'answer'->>'productId')::integer,
      (p->'answer'->>'discount')::integer, 'chatbot', (p->'answer'->>'id')::integer);
  END IF;

  v_outcome := CASE WHEN jsonb_array_length(v_reserved) > 0 THEN 'cart'
                    WHEN jsonb_array_length(v_waiting) > 0 THEN 'waiting'
                    WHEN jsonb_array_length(v_wanted) > 0 OR jsonb_array_length(p->'choose'->'fr') > 0
                      THEN 'chatbot'
                    WHEN v_answer = 'answered' THEN 'answered'
                    ELSE 'no_match' END;
  v_reason := CASE WHEN v_outcome = 'no_match' THEN 'chatbot:' || coalesce(v_answer, 'none')
                   ELSE p->>'outcomeReason' END;

  -- The comment's one private reply, articles named as `Robe fleurie (Rouge, M) ×2`, with the
  -- seller's texts of its parts and the custom reply that answered, in the viewer's language; its
  -- text is rendered when sent (it carries the checkout link). A message with nothing to say gets
  -- none: a custom reply silent and nothing ordered, or only parts the seller switched off (a
  -- message with a cart always says its link).
  -- (Conditions without a subquery are evaluated without a statement of their own: the subquery
  -- runs only for a comment that asks to choose and has no cart.)
  v_says := v_outcome <> 'no_match' AND (v_order_number IS NOT NULL OR v_answer IS NOT DISTINCT FROM 'answered');
  IF NOT v_says AND v_outcome = 'chatbot' THEN
    v_says := EXISTS (
      SELECT 1 FROM jsonb_array_elements(p->'choose'->v_locale) c
      WHERE p->'texts'->v_locale->(CASE WHEN jsonb_array_length(c->'options') = 0 THEN 'sold_out'
                                        WHEN (c->>'noMatch')::boolean THEN 'unknown_variant'
                                        ELSE 'choose_variant' END) IS DISTINCT FROM 'null'::jsonb);
  END IF;
  IF v_says THEN
    v_reply := jsonb_set(jsonb_set(jsonb_set(jsonb_set(p->'reply', '{parts,reserved}', v_reserved_labels),
        '{parts,waiting}', v_waiting_labels), '{parts,choose}', p->'choose'->v_locale),
        '{parts,texts}', coalesce(p->'texts'->v_locale, '{}'::jsonb))
      || jsonb_build_object('orderNumber', v_order_number, 'locale', v_locale);
    IF v_answer = 'answered' THEN
      v_reply := v_reply || jsonb_build_object('answer', jsonb_build_object('id', p->'answer'->'id',
        'name', p->'answer'->'name', 'text', p->'answer'->'text'->v_locale,
        'values', coalesce(p->'answer'->'values'->v_locale, '{}'::jsonb)));
    END IF;
  END IF;

  v_result := jsonb_build_object('outcome', v_outcome, 'orderId', v_order_id, 'orderNumber', v_order_number,
    'cart', jsonb_array_length(v_reserved) > 0, 'waiting', to_jsonb(v_waiting_ids), 'answer', v_answer);
  -- In a post (p.inPost), live_claim_post writes the outcomes and queues the replies of all its
  -- comments at once: this comment's are handed to it (`decided`, `reply`).
  IF v_in_post THEN
    RETURN v_result || jsonb_build_object('decided', jsonb_build_object('id', (p->>'liveCommentId')::integer,
      'outcome', v_outcome, 'reason', v_reason, 'identity', v_ident.id),
      'reply', CASE WHEN v_says THEN jsonb_build_object(
        'key', 'reply:' || v_session || ':' || (p->>'externalId'), 'payload', v_reply) END);
  END IF;
  UPDATE live_comments SET outcome = v_outcome, outcome_reason = v_reason, processed_at = now(),
    social_identity_id = v_ident.id
  WHERE id = (p->>'liveCommentId')::integer;
  IF v_says THEN
    v_queued := jobs_enqueue('private_reply', 'reply:' || v_session || ':' || (p->>'externalId'), v_reply);
  END IF;
  RETURN v_result;
END;
$$;

-- A run of consecutive comments of a post that each want only articles the seller has, from a
-- viewer not blocked, without a custom reply or a product to choose: decided together, in one
-- statement per step and the same rules as live_claim_comment_once deciding them one after
-- another (claim-batch.test.ts compares the two). live_claim_post holds their comments and
-- configurations locked. p_claims: what live_claim_comment_once takes, each with the viewer
-- already known (identity, buyer, viewerLocale). The steps, each its module's set function:
--   the stock of every article asked, in comment order   products_reserve_many
--   each viewer's cart (every comment here opens one)    orders_open_carts
--   the lines of what was taken                          orders_add_lines_many
--   the seller's notice of a cart's first articles       notifications_add (one per such cart)
--   the waiting list for what was not                    orders_join_waiting_lists
-- Answers, per comment in order, what live_claim_comment_once answers in a post (with `decided`
-- and `reply`): the post writes the outcomes, totals and replies.
CREATE OR REPLACE FUNCTION live_claim_run(p_claims jsonb)
RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_first jsonb := p_claims->0;
  v_seller integer := (v_first->>'sellerId')::integer;
  v_wants jsonb;
  v_carts jsonb;
  v_done integer;
  v_ids integer[];
  v_waiting jsonb;
  v_got integer[];
  v_notice record;
BEGIN
  -- Every article asked, in comment order (`ord`), with the comment's index (`k`), then what the
  -- stock gave it (`taken`).
  v_wants := (SELECT coalesce(jsonb_agg(w.want || jsonb_build_object('ord', c.k * 10000 + w.j, 'k', c.k)
                ORDER BY c.k, w.j), '[]'::jsonb)
              FROM jsonb_array_elements(p_claims) WITH ORDINALITY c(claim, k),
                jsonb_array_elements(c.claim->'wanted') WITH ORDINALITY w(want, j));
  v_wants := (SELECT jsonb_agg(w.want || jsonb_build_object('taken', t.taken) ORDER BY t.ord)
              FROM products_reserve_many(v_seller, v_wants, true) t
              JOIN jsonb_array_elements(v_wants) w(want) ON (w.want->>'ord')::integer = t.ord);

  v_got := ARRAY(SELECT DISTINCT (w->>'k')::integer FROM jsonb_array_elements(v_wants) w
    WHERE (w->>'taken')::integer > 0);

  -- Each viewer's cart, opened by their first comment of the run: for its articles, or for the
  -- waiting list (its link, where they appear once served).
  v_carts := (SELECT jsonb_object_agg(o.identity_id::text, to_jsonb(o))
    FROM orders_open_carts(v_seller, (
      SELECT jsonb_agg(v.viewer ORDER BY v.k) FROM (
        SELECT DISTINCT ON (c.claim->>'identity') c.k, jsonb_build_object('identity', c.claim->'identity',
          'buyer', c.claim->'buyer', 'session', c.claim->'sessionId', 'commentId', c.claim->'externalId',
          'locale', c.claim->'viewerLocale', 'orderNumber', c.claim->'orderNumber',
          'tokenHash', c.claim->'accessTokenHash',
          'note', CASE WHEN c.k = ANY (v_got) THEN 'live comment' ELSE 'waiting list' END) AS viewer
        FROM jsonb_array_elements(p_claims) WITH ORDINALITY c(claim, k)
        ORDER BY c.claim->>'identity', c.k) v)) o);

  v_done := orders_add_lines_many(v_seller, (
    SELECT coalesce(jsonb_agg(w.want || jsonb_build_object('quantity', (w.want->>'taken')::integer,
        'orderId', (v_carts->(p_claims->((w.want->>'k')::integer - 1)->>'identity')->>'id')::integer)
      ORDER BY (w.want->>'ord')::integer), '[]'::jsonb)
    FROM jsonb_array_elements(v_wants) w(want) WHERE (w.want->>'taken')::integer > 0));

  -- The seller hears of a cart when its first articles come, told by the comment that brought them.
  FOR v_notice IN
    SELECT x.* FROM (
      SELECT DISTINCT ON (cart->>'id') (cart->>'id')::integer AS order_id, cart->>'order_number' AS order_number,
        c.claim->>'who' AS who, c.claim->>'sessionId' AS session_id, c.k
      FROM jsonb_array_elements(p_claims) WITH ORDINALITY c(claim, k)
      CROSS JOIN LATERAL (SELECT v_carts->(c.claim->>'identity') AS cart) o
      WHERE (cart->>'empty')::boolean AND c.k = ANY (v_got)
      ORDER BY cart->>'id', c.k) x
    ORDER BY x.k
  LOOP
    v_done := notifications_add(v_seller, 'live_cart_created', 'Nouveau panier ' || v_notice.order_number,
      'New cart ' || v_notice.order_number, coalesce(v_notice.who, '') || ' a commandé en live.',
      coalesce(v_notice.who, '') || ' ordered during the live.', '/orders/' || v_notice.order_id,
      jsonb_build_object('orderId', v_notice.order_id, 'sessionId', v_notice.session_id::integer));
  END LOOP;

  v_waiting := (
    SELECT coalesce(jsonb_agg(jsonb_build_object('session', c->'sessionId', 'configurationId', w->'configurationId',
        'productId', w->'productId', 'identity', c->'identity', 'buyer', c->'buyer', 'commentId', c->'externalId',
        'quantity', (w->>'quantity')::integer - (w->>'taken')::integer, 'commentTime', c->'commentTime')
      ORDER BY (w->>'ord')::integer), '[]'::jsonb)
    FROM jsonb_array_elements(v_wants) w CROSS JOIN LATERAL (SELECT p_claims->((w->>'k')::integer - 1) AS c) x
    WHERE (w->>'taken')::integer < (w->>'quantity')::integer);
  IF jsonb_array_length(v_waiting) > 0 THEN
    v_ids := orders_join_waiting_lists(v_seller, v_waiting);
  END IF;

  -- Each comment's answer, outcome and one private reply (articles named as
  -- `Robe fleurie (Rouge, M) ×2`, in the viewer's language), as live_claim_comment_once builds them.
  RETURN (
    WITH w AS (
      SELECT (x->>'k')::integer AS k, (x->>'ord')::integer AS ord, (x->>'configurationId')::integer AS cfg,
        (x->>'quantity')::integer AS qty, (x->>'taken')::integer AS taken, x->'article' AS article
      FROM jsonb_array_elements(v_wants) x
    ), c AS (
      SELECT t.k, t.claim, t.claim->>'viewerLocale' AS loc, v_carts->(t.claim->>'identity') AS cart
      FROM jsonb_array_elements(p_claims) WITH ORDINALITY t(claim, k)
    ), a AS (
      SELECT w.k, sum(w.taken) AS reserved,
        coalesce(jsonb_agg(to_jsonb((w.article->>c.loc) || ' ×' || w.taken) ORDER BY w.ord)
          FILTER (WHERE w.taken > 0), '[]'::jsonb) AS reserved_labels,
        coalesce(jsonb_agg(to_jsonb((w.article->>c.loc) || ' ×' || (w.qty - w.taken)) ORDER BY w.ord)
          FILTER (WHERE w.taken < w.qty), '[]'::jsonb) AS waiting_labels,
        coalesce(to_jsonb(array_agg(DISTINCT w.cfg) FILTER (WHERE w.taken < w.qty)), '[]'::jsonb) AS waiting
      FROM w JOIN c ON c.k = w.k GROUP BY w.k
    )
    SELECT jsonb_agg(jsonb_build_object('outcome', r.outcome, 'orderId', (c.cart->>'id')::integer,
        'orderNumber', c.cart->>'order_number', 'cart', a.reserved > 0, 'waiting', a.waiting, 'answer', NULL,
        'decided', jsonb_build_object('id', (c.claim->>'liveCommentId')::integer, 'outcome', r.outcome,
          'reason', c.claim->>'outcomeReason', 'identity', (c.claim->>'identity')::integer),
        -- The reply's parts merged in one step (each jsonb_set would copy the whole reply again).
        'reply', jsonb_build_object('key', 'reply:' || (c.claim->>'sessionId') || ':' || (c.claim->>'externalId'),
          'payload', c.claim->'reply' || jsonb_build_object('orderNumber', c.cart->>'order_number', 'locale', c.loc,
            'parts', (c.claim->'reply'->'parts') || jsonb_build_object('reserved', a.reserved_labels,
              'waiting', a.waiting_labels, 'choose', c.claim->'choose'->c.loc,
              'texts', coalesce(c.claim->'texts'->c.loc, '{}'::jsonb)))))
      ORDER BY c.k)
    FROM c JOIN a ON a.k = c.k
    CROSS JOIN LATERAL (SELECT CASE WHEN a.reserved > 0 THEN 'cart' ELSE 'waiting' END AS outcome) r);
END;
$$;

-- The claims of one post's comments (p.claims: each what live_claim_comment_once takes, in comment
-- order), in ONE transaction and one round trip, deciding the post as its comments claimed one
-- after another in comment order. Runs of comments that only order articles the seller has (the
-- bulk of a live) are decided together by live_claim_run, a set statement per step; any other
-- comment (a custom reply, a product to choose, a blocked viewer, an article gone, a comment
-- another caller decided) by live_claim_comment_once, in its place between the runs. What is the
-- same work for every comment is done once for the post, in one statement each, by the owning
-- module's set variant: the carts' totals and countdown (orders_cart_totals_many), the comments'
-- outcomes, the replies queued (jobs_enqueue_many). Answers what each comment's claim answered,
-- in the same order.
-- Locks first, for the whole post: its comments by ascending id, then every configuration its
-- comments want by ascending id (products_lock_many); a concurrent post that wants one of them waits
-- before it has taken anything, so two posts never deadlock on their stock. What each comment
-- locks after that (identity, custom reply, cart) can still cross another post's or a release's
-- order: the caller retries the post on deadlock.
-- An error in any comment fails the call and nothing of the post is kept: the caller then claims
-- its comments one by one (live_claim_comment_once, each its own transaction), so the comment at
-- fault alone is `error`. The commit waits for its WAL flush only when p.durable is true.
CREATE OR REPLACE FUNCTION live_claim_post(p jsonb)
RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_claims jsonb := p->'claims';
  v_first jsonb := p->'claims'->0;
  v_seller integer := (p->'claims'->0->>'sellerId')::integer;
  v_out jsonb[] := '{}';
  v_one jsonb;
  v_claim jsonb;
  v_answers jsonb;
  v_viewers jsonb[] := '{}';
  v_run integer[] := '{}';
  v_run_viewers jsonb[] := '{}';
  v_undecided integer[];
  v_wanted integer[];
  v_known integer[];
  v_ident record;
  v_carts integer[] := '{}';
  v_decided jsonb[] := '{}';
  v_keys text[] := '{}';
  v_payloads jsonb[] := '{}';
  v_locked integer;
BEGIN
  IF v_first IS NULL THEN
    RETURN '[]'::jsonb;
  END IF;
  IF NOT coalesce((p->>'durable')::boolean, true) THEN
    PERFORM set_config('synchronous_commit', 'off', true);
  END IF;
  v_undecided := ARRAY(SELECT l.id FROM (
    SELECT c.id, c.outcome FROM live_comments c
    WHERE c.id IN (SELECT (x->>'liveCommentId')::integer FROM jsonb_array_elements(v_claims) x)
    ORDER BY c.id
    FOR NO KEY UPDATE) l WHERE l.outcome IS NULL);
  -- The viewers of the comments that only order articles, before any configuration is locked (the
  -- lock order: comment, identity, configurations): the post holds its configurations, which its
  -- concurrent posts wait for, only for the work that needs them.
  -- All of them in one call (buyers_viewer_identities: as if one by one; the post's new viewers
  -- are recorded before this transaction, live/claim.ts, so it only reads them).
  FOR v_ident IN
    SELECT b.k, b.id, b.user_id FROM buyers_viewer_identities(v_seller, (
      SELECT coalesce(jsonb_agg(jsonb_build_object('k', c.i, 'platform', coalesce(c.claim->>'platform', 'facebook'),
          'fromId', c.claim->>'fromId', 'fromName', c.claim->>'fromName') ORDER BY c.i), '[]'::jsonb)
      FROM jsonb_array_elements(v_claims) WITH ORDINALITY AS c(claim, i)
      WHERE (c.claim->>'liveCommentId')::integer = ANY (v_undecided)
        AND jsonb_typeof(c.claim->'answer') IS DISTINCT FROM 'object'
        AND jsonb_array_length(c.claim->'choose'->'fr') = 0 AND jsonb_array_length(c.claim->'wanted') > 0)) b
    WHERE NOT b.blocked
  LOOP
    v_viewers[v_ident.k - 1] := jsonb_build_object('identity', v_ident.id, 'buyer', v_ident.user_id,
      'viewerLocale', live_viewer_locale(v_ident.user_id, v_claims->(v_ident.k - 1)->>'locale'));
  END LOOP;
  v_wanted := ARRAY(SELECT DISTINCT (w->>'configurationId')::integer
    FROM jsonb_array_elements(v_claims) x, jsonb_array_elements(x->'wanted') w);
  v_locked := products_lock_many(v_seller, v_wanted);
  v_known := CASE WHEN v_locked = cardinality(v_wanted) THEN v_wanted
    ELSE ARRAY(SELECT c.id FROM product_configurations c WHERE c.id = ANY (v_wanted) AND c.seller_id = v_seller) END;

  -- Each comment in order: an order of articles (from a viewer known above, of articles the seller
  -- still has) joins the current run; any other comment first has the run decided, then is decided
  -- alone. Each adds its lines and hands back its outcome and reply.
  FOR i IN 0 .. jsonb_array_length(v_claims) LOOP
    v_claim := v_claims->i;
    v_one := NULL;
    IF v_claim IS NOT NULL AND v_viewers[i] IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(v_claim->'wanted') w
                       WHERE NOT (w->>'configurationId')::integer = ANY (v_known)) THEN
      v_run := v_run || i;
      v_run_viewers := v_run_viewers || v_viewers[i];
      CONTINUE;
    END IF;
    v_answers := '[]'::jsonb;
    IF cardinality(v_run) > 0 THEN
      v_answers := live_claim_run((SELECT jsonb_agg(v_claims->r.i || r.viewer ORDER BY r.n)
        FROM unnest(v_run, v_run_viewers) WITH ORDINALITY AS r(i, viewer, n)));
      v_run := '{}';
      v_run_viewers := '{}';
    END IF;
    IF v_claim IS NOT NULL THEN
      v_answers := v_answers || jsonb_build_array(live_claim_comment_once(v_claim || '{"inPost": true}'::jsonb));
    END IF;
    FOR j IN 0 .. jsonb_array_length(v_answers) - 1 LOOP
      v_one := v_answers->j;
      IF (v_one->>'cart')::boolean THEN
        v_carts := v_carts || (v_one->>'orderId')::integer;
      END IF;
      IF v_one ? 'decided' THEN
        v_decided := v_decided || (v_one->'decided');
      END IF;
      IF jsonb_typeof(v_one->'reply') = 'object' THEN
        v_keys := v_keys || (v_one->'reply'->>'key');
        v_payloads := v_payloads || (v_one->'reply'->'payload');
      END IF;
      v_out := v_out || (v_one - 'decided' - 'reply');
    END LOOP;
  END LOOP;
  -- Once for the post, in one statement each: the totals and countdown of the carts that gained
  -- articles (their locks are held since their comment), the comments' outcomes, the replies queued.
  IF cardinality(v_carts) > 0 THEN
    v_locked := orders_cart_totals_many(v_carts, (v_first->>'timer')::integer);
  END IF;
  IF cardinality(v_decided) > 0 THEN
    UPDATE live_comments c SET outcome = d.outcome, outcome_reason = d.reason, processed_at = now(),
      social_identity_id = d.identity
    FROM jsonb_to_recordset(to_jsonb(v_decided)) AS d(id integer, outcome text, reason text, identity integer)
    WHERE c.id = d.id;
  END IF;
  IF cardinality(v_keys) > 0 THEN
    v_locked := jobs_enqueue_many('private_reply', v_keys, v_payloads);
  END IF;
  RETURN to_jsonb(v_out);
END;
$$;
