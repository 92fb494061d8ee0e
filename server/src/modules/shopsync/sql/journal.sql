-- Shop sync's journal (shopsync/tables.ts): every change of a linked configuration's stock is
-- written to `shop_stock_changes` for each shop the configuration is linked to, in the
-- transaction of the change, whoever made it (the live claim, an expiry, the waiting list served,
-- the seller's count). The worker pushes each variant's sum to the shop; the live never waits for
-- it. A configuration linked to no shop costs one probe of `shop_variants_configuration_idx`.
-- A change the sync applies from the shop itself is journaled too, and the sync writes the
-- opposite change for that shop in the same transaction, so only the others' part is pushed back.
CREATE OR REPLACE FUNCTION shopsync_journal_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO shop_stock_changes (shop_id, variant_id, delta)
  SELECT v.shop_id, v.id, NEW.quantity - OLD.quantity
  FROM shop_variants v WHERE v.configuration_id = NEW.id;
  RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER shopsync_journal_stock AFTER UPDATE OF quantity ON product_configurations
  FOR EACH ROW WHEN (OLD.quantity IS DISTINCT FROM NEW.quantity)
  EXECUTE FUNCTION shopsync_journal_stock();

-- A live order paid (or shipped) whose lines hold a shop's variants: the shop's order to create
-- (once: `shop_orders_shop_order_unique`), and its shipment to tell the shop.
CREATE OR REPLACE FUNCTION shopsync_order_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('payed', 'shipped') THEN
    INSERT INTO shop_orders (shop_id, seller_id, order_id, ship_pending)
    SELECT DISTINCT v.shop_id, NEW.seller_id, NEW.id, NEW.status = 'shipped'
    FROM order_items i JOIN shop_variants v ON v.configuration_id = i.configuration_id
    WHERE i.order_id = NEW.id
    ON CONFLICT (shop_id, order_id) DO UPDATE
      SET ship_pending = shop_orders.ship_pending
            OR (EXCLUDED.ship_pending AND shop_orders.shipped_in_at IS NULL AND shop_orders.shipped_out_at IS NULL),
          updated_at = now();
  END IF;
  RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER shopsync_order_status AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status AND NEW.status IN ('payed', 'shipped'))
  EXECUTE FUNCTION shopsync_order_status();
