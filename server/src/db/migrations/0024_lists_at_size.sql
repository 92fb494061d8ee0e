CREATE TABLE "seller_shopper_totals" (
	"seller_id" integer PRIMARY KEY NOT NULL,
	"figure_rows" integer NOT NULL,
	"shoppers" integer NOT NULL,
	"orders_count" integer NOT NULL,
	"total_cents" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_comments" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate("message" || E'\n' || coalesce("from_name", ''), 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿžźżÀÁÂÃÄÅĀĂĄÇĆČĎĐÈÉÊËĒĖĘĚÌÍÎÏĪĮŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠŞŤÙÚÛÜŪŮŰŲÝŸŽŹŻ', 'aaaaaaaaacccddeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzaaaaaaaaacccddeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuuyyzzz'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "order_status_counts" ADD COLUMN "amount_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_status_counts" ADD COLUMN "shipping_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_status_counts" ADD COLUMN "paid_amount_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate(coalesce("first_name", '') || ' ' || coalesce("last_name", '') || E'\n' || coalesce("last_name", '') || ' ' || coalesce("first_name", '') || E'\n' || coalesce("email", '') || E'\n' || coalesce("email_real", '') || E'\n' || coalesce("company_name", ''), 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿžźżÀÁÂÃÄÅĀĂĄÇĆČĎĐÈÉÊËĒĖĘĚÌÍÎÏĪĮŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠŞŤÙÚÛÜŪŮŰŲÝŸŽŹŻ', 'aaaaaaaaacccddeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzaaaaaaaaacccddeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuuyyzzz'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_shopper_totals" ADD CONSTRAINT "seller_shopper_totals_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_without_shopper_idx" ON "orders" USING btree ("seller_id") WHERE "orders"."buyer_id" is null and "orders"."social_identity_id" is null;--> statement-breakpoint
CREATE INDEX "users_search_text_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- The sellers' totals of the shoppers' figures as they stand; the figures' marks still waiting
-- move them from there (buyers/figures.ts), like the figures themselves.
INSERT INTO seller_shopper_totals (seller_id, figure_rows, shoppers, orders_count, total_cents)
  SELECT seller_id, count(*), count(*) FILTER (WHERE orders_count > 0), coalesce(sum(orders_count), 0),
         coalesce(sum(total_cents), 0)
  FROM shopper_figures GROUP BY seller_id;--> statement-breakpoint
-- Orders per seller and status (not `new`), with their money, kept as rows of changes by the
-- triggers (orders/tables.ts): an order's amounts or payment changed move its status's row too.
CREATE OR REPLACE FUNCTION orders_count_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status <> 'new' THEN
    INSERT INTO order_status_counts (seller_id, status, n, amount_cents, shipping_cents, paid_amount_cents)
    VALUES (OLD.seller_id, OLD.status, -1, -OLD.total_amount_cents, -OLD.shipping_cents,
            CASE WHEN OLD.paid_at IS NOT NULL THEN -OLD.total_amount_cents ELSE 0 END);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status <> 'new' THEN
    INSERT INTO order_status_counts (seller_id, status, n, amount_cents, shipping_cents, paid_amount_cents)
    VALUES (NEW.seller_id, NEW.status, 1, NEW.total_amount_cents, NEW.shipping_cents,
            CASE WHEN NEW.paid_at IS NOT NULL THEN NEW.total_amount_cents ELSE 0 END);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER orders_count_update ON orders;--> statement-breakpoint
CREATE TRIGGER orders_count_update AFTER UPDATE OF status, seller_id, total_amount_cents, shipping_cents, paid_at ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.seller_id IS DISTINCT FROM NEW.seller_id
    OR (NEW.status <> 'new' AND (OLD.total_amount_cents IS DISTINCT FROM NEW.total_amount_cents
      OR OLD.shipping_cents IS DISTINCT FROM NEW.shipping_cents OR OLD.paid_at IS DISTINCT FROM NEW.paid_at)))
  EXECUTE FUNCTION orders_count_status();--> statement-breakpoint
DELETE FROM order_status_counts;--> statement-breakpoint
INSERT INTO order_status_counts (seller_id, status, n, amount_cents, shipping_cents, paid_amount_cents)
  SELECT seller_id, status, count(*), coalesce(sum(total_amount_cents), 0), coalesce(sum(shipping_cents), 0),
         coalesce(sum(total_amount_cents) FILTER (WHERE paid_at IS NOT NULL), 0)
  FROM orders WHERE status <> 'new' GROUP BY seller_id, status;
