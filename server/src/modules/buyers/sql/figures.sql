-- The Shoppers list's figures (buyers/tables.ts `shopper_figures`, folded by buyers/figures.ts):
-- every change that moves a shopper's figures or name marks the shopper stale in
-- `shopper_figures_stale`, in the transaction of the change. The triggers sit on the tables whose
-- changes move the figures (orders, social_identities, users) and write only the buyers module's
-- own table.
-- An order: its shopper before and after (status, amounts counted, payment, shopper, seller,
-- delivery address, and an open cart becoming or ceasing to be empty).
CREATE OR REPLACE FUNCTION buyers_figures_stale_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND (OLD.buyer_id IS NOT NULL OR OLD.social_identity_id IS NOT NULL) THEN
    INSERT INTO shopper_figures_stale (seller_id, user_id, identity_id)
    VALUES (OLD.seller_id, OLD.buyer_id, OLD.social_identity_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (NEW.buyer_id IS NOT NULL OR NEW.social_identity_id IS NOT NULL)
     AND (TG_OP = 'INSERT' OR NEW.seller_id IS DISTINCT FROM OLD.seller_id OR NEW.buyer_id IS DISTINCT FROM OLD.buyer_id
          OR NEW.social_identity_id IS DISTINCT FROM OLD.social_identity_id) THEN
    INSERT INTO shopper_figures_stale (seller_id, user_id, identity_id)
    VALUES (NEW.seller_id, NEW.buyer_id, NEW.social_identity_id);
  END IF;
  RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER buyers_figures_order_insert AFTER INSERT ON orders
  FOR EACH ROW WHEN (NEW.status <> 'new' OR NEW.subtotal_cents > 0)
  EXECUTE FUNCTION buyers_figures_stale_order();
CREATE OR REPLACE TRIGGER buyers_figures_order_update AFTER UPDATE OF status, seller_id, buyer_id, social_identity_id, paid_at,
    created_at, total_amount_cents, subtotal_cents, ship_first_name, ship_last_name, ship_phone, ship_city,
    ship_post_code, country_id ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.seller_id IS DISTINCT FROM NEW.seller_id
    OR OLD.buyer_id IS DISTINCT FROM NEW.buyer_id OR OLD.social_identity_id IS DISTINCT FROM NEW.social_identity_id
    OR OLD.paid_at IS DISTINCT FROM NEW.paid_at OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR (NEW.status IN ('payed', 'shipped') AND OLD.total_amount_cents IS DISTINCT FROM NEW.total_amount_cents)
    OR (OLD.subtotal_cents > 0) IS DISTINCT FROM (NEW.subtotal_cents > 0)
    OR (NEW.status = 'new' AND NEW.subtotal_cents = 0)
    OR OLD.ship_first_name IS DISTINCT FROM NEW.ship_first_name OR OLD.ship_last_name IS DISTINCT FROM NEW.ship_last_name
    OR OLD.ship_phone IS DISTINCT FROM NEW.ship_phone OR OLD.ship_city IS DISTINCT FROM NEW.ship_city
    OR OLD.ship_post_code IS DISTINCT FROM NEW.ship_post_code OR OLD.country_id IS DISTINCT FROM NEW.country_id)
  EXECUTE FUNCTION buyers_figures_stale_order();
CREATE OR REPLACE TRIGGER buyers_figures_order_delete AFTER DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION buyers_figures_stale_order();
-- A social identity: made (a commenter is a shopper), linked to an account or renamed, removed.
CREATE OR REPLACE FUNCTION buyers_figures_stale_identity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO shopper_figures_stale (seller_id, user_id, identity_id) VALUES (OLD.seller_id, OLD.user_id, OLD.id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (NEW.seller_id IS DISTINCT FROM OLD.seller_id
                                                OR NEW.user_id IS DISTINCT FROM OLD.user_id)) THEN
    INSERT INTO shopper_figures_stale (seller_id, user_id, identity_id) VALUES (NEW.seller_id, NEW.user_id, NEW.id);
  END IF;
  RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER buyers_figures_identity_insert AFTER INSERT ON social_identities
  FOR EACH ROW EXECUTE FUNCTION buyers_figures_stale_identity();
CREATE OR REPLACE TRIGGER buyers_figures_identity_update AFTER UPDATE OF seller_id, user_id, name ON social_identities
  FOR EACH ROW WHEN (OLD.seller_id IS DISTINCT FROM NEW.seller_id OR OLD.user_id IS DISTINCT FROM NEW.user_id
    OR OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION buyers_figures_stale_identity();
CREATE OR REPLACE TRIGGER buyers_figures_identity_delete AFTER DELETE ON social_identities
  FOR EACH ROW EXECUTE FUNCTION buyers_figures_stale_identity();
-- An account renamed: the shoppers it is at each seller (its name shows where no delivery name does).
CREATE OR REPLACE FUNCTION buyers_figures_stale_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO shopper_figures_stale (seller_id, user_id, identity_id)
  SELECT f.seller_id, NEW.id, NULL FROM shopper_figures f WHERE f.user_id = NEW.id;
  RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER buyers_figures_account_update AFTER UPDATE OF first_name, last_name ON users
  FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION buyers_figures_stale_account();
