-- Substring search on names, e-mails and order numbers (GIN trigram indexes). pg_trgm ships with
-- PostgreSQL (contrib) and is a trusted extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Short statements only: compiling a plan (JIT, on by default above a cost) takes longer than
-- running it (28 ms of JIT for a 20 ms count of a large seller's orders). Where the role may not
-- change the database's settings, the server's stay.
DO $$ BEGIN
  EXECUTE format('ALTER DATABASE %I SET jit = off', current_database());
EXCEPTION WHEN insufficient_privilege THEN NULL;
END $$;--> statement-breakpoint
CREATE TABLE "order_status_counts" (
	"seller_id" integer NOT NULL,
	"status" varchar(20) NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_buyer_created_idx";--> statement-breakpoint
DROP INDEX "orders_social_identity_idx";--> statement-breakpoint
ALTER TABLE "social_identities" ADD COLUMN "name_search" text GENERATED ALWAYS AS (lower(translate("name", 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿžźżÀÁÂÃÄÅĀĂĄÇĆČĎĐÈÉÊËĒĖĘĚÌÍÎÏĪĮŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠŞŤÙÚÛÜŪŮŰŲÝŸŽŹŻ', 'aaaaaaaaacccddeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzaaaaaaaaacccddeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuuyyzzz'))) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name_search" text GENERATED ALWAYS AS (lower(translate(coalesce("first_name", '') || ' ' || coalesce("last_name", ''), 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿžźżÀÁÂÃÄÅĀĂĄÇĆČĎĐÈÉÊËĒĖĘĚÌÍÎÏĪĮŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠŞŤÙÚÛÜŪŮŰŲÝŸŽŹŻ', 'aaaaaaaaacccddeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzaaaaaaaaacccddeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuuyyzzz'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "order_status_counts" ADD CONSTRAINT "order_status_counts_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_status_counts_seller_idx" ON "order_status_counts" USING btree ("seller_id","status");--> statement-breakpoint
CREATE INDEX "social_identities_name_search_idx" ON "social_identities" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_number_search_idx" ON "orders" USING gin (lower("order_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_ship_name_search_idx" ON "orders" USING gin (lower(translate(coalesce("ship_first_name", '') || ' ' || coalesce("ship_last_name", ''), 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿžźżÀÁÂÃÄÅĀĂĄÇĆČĎĐÈÉÊËĒĖĘĚÌÍÎÏĪĮŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠŞŤÙÚÛÜŪŮŰŲÝŸŽŹŻ', 'aaaaaaaaacccddeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzaaaaaaaaacccddeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuuyyzzz')) gin_trgm_ops) WHERE "orders"."buyer_id" is null;--> statement-breakpoint
CREATE INDEX "users_name_search_idx" ON "users" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_search_idx" ON "users" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_buyer_created_idx" ON "orders" USING btree ("buyer_id","created_at","id","seller_id","status","subtotal_cents");--> statement-breakpoint
CREATE INDEX "orders_social_identity_idx" ON "orders" USING btree ("social_identity_id","created_at","id","seller_id","status","subtotal_cents");--> statement-breakpoint
-- Orders per seller and status (not `new`), kept as +1/−1 rows by triggers (orders/tables.ts).
CREATE OR REPLACE FUNCTION orders_count_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status <> 'new' THEN
    INSERT INTO order_status_counts (seller_id, status, n) VALUES (OLD.seller_id, OLD.status, -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status <> 'new' THEN
    INSERT INTO order_status_counts (seller_id, status, n) VALUES (NEW.seller_id, NEW.status, 1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER orders_count_insert AFTER INSERT ON orders
  FOR EACH ROW WHEN (NEW.status <> 'new') EXECUTE FUNCTION orders_count_status();--> statement-breakpoint
CREATE TRIGGER orders_count_update AFTER UPDATE OF status, seller_id ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.seller_id IS DISTINCT FROM NEW.seller_id)
  EXECUTE FUNCTION orders_count_status();--> statement-breakpoint
CREATE TRIGGER orders_count_delete AFTER DELETE ON orders
  FOR EACH ROW WHEN (OLD.status <> 'new') EXECUTE FUNCTION orders_count_status();--> statement-breakpoint
INSERT INTO order_status_counts (seller_id, status, n)
  SELECT seller_id, status, count(*) FROM orders WHERE status <> 'new' GROUP BY seller_id, status;