CREATE TABLE "platform_shopper_count" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"shoppers" integer NOT NULL,
	CONSTRAINT "platform_shopper_count_one_row" CHECK ("platform_shopper_count"."id")
);
--> statement-breakpoint
CREATE TABLE "platform_shoppers" (
	"shopper_key" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"identity_id" integer,
	"orders_count" integer NOT NULL,
	"total_cents" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seller_shopper_totals" ADD COLUMN "never_paid" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "platform_shoppers_best_idx" ON "platform_shoppers" USING btree ("total_cents" DESC NULLS LAST,"orders_count" DESC NULLS LAST,"shopper_key") WHERE "platform_shoppers"."orders_count" > 0;--> statement-breakpoint
CREATE INDEX "payments_method_idx" ON "payments" USING btree ("provider","method","seller_id") WHERE "payments"."method" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_account_name_idx" ON "users" USING btree (coalesce(nullif(trim(coalesce("first_name", '') || ' ' || coalesce("last_name", '')), ''), "email", ''),"id");--> statement-breakpoint-- The shoppers across sellers as the figures stand; the figures' marks still waiting move them from
-- there (buyers/figures.ts), like the figures themselves.
INSERT INTO platform_shoppers (shopper_key, user_id, identity_id, orders_count, total_cents)
  SELECT CASE WHEN user_id IS NOT NULL THEN 'u' || user_id ELSE 's' || identity_id END, user_id,
         CASE WHEN user_id IS NULL THEN identity_id END, sum(orders_count), sum(total_cents)
  FROM shopper_figures GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO platform_shopper_count (id, shoppers)
  SELECT true, count(*) FROM platform_shoppers WHERE orders_count > 0;--> statement-breakpoint
UPDATE seller_shopper_totals t SET never_paid = f.n
  FROM (SELECT seller_id, count(*)::int AS n FROM shopper_figures WHERE NOT ever_paid GROUP BY seller_id) f
  WHERE f.seller_id = t.seller_id;
