CREATE TABLE "shopper_figures" (
	"row_key" text PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"user_id" integer,
	"identity_id" integer,
	"first_name" text,
	"last_name" text,
	"phone" text,
	"city" text,
	"post_code" text,
	"country_id" integer,
	"orders_count" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"unpaid_carts" integer NOT NULL,
	"last_order_at" timestamp with time zone,
	"ever_paid" boolean NOT NULL,
	"name_search" text GENERATED ALWAYS AS (lower(translate(coalesce("first_name" || ' ' || "last_name", "first_name", "last_name", ''), 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿžźżÀÁÂÃÄÅĀĂĄÇĆČĎĐÈÉÊËĒĖĘĚÌÍÎÏĪĮŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠŞŤÙÚÛÜŪŮŰŲÝŸŽŹŻ', 'aaaaaaaaacccddeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzaaaaaaaaacccddeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuuyyzzz'))) STORED NOT NULL,
	"name_search_rev" text GENERATED ALWAYS AS (lower(translate(coalesce("last_name" || ' ' || "first_name", "last_name", "first_name", ''), 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿžźżÀÁÂÃÄÅĀĂĄÇĆČĎĐÈÉÊËĒĖĘĚÌÍÎÏĪĮŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠŞŤÙÚÛÜŪŮŰŲÝŸŽŹŻ', 'aaaaaaaaacccddeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzaaaaaaaaacccddeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuuyyzzz'))) STORED NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(translate(coalesce("first_name" || ' ' || "last_name", "first_name", "last_name", ''), 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿžźżÀÁÂÃÄÅĀĂĄÇĆČĎĐÈÉÊËĒĖĘĚÌÍÎÏĪĮŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠŞŤÙÚÛÜŪŮŰŲÝŸŽŹŻ', 'aaaaaaaaacccddeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzaaaaaaaaacccddeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuuyyzzz')) || E'\n' || lower(translate(coalesce("last_name" || ' ' || "first_name", "last_name", "first_name", ''), 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿžźżÀÁÂÃÄÅĀĂĄÇĆČĎĐÈÉÊËĒĖĘĚÌÍÎÏĪĮŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠŞŤÙÚÛÜŪŮŰŲÝŸŽŹŻ', 'aaaaaaaaacccddeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzaaaaaaaaacccddeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuuyyzzz')) || E'\n' || lower(translate(coalesce("phone", ''), 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿžźżÀÁÂÃÄÅĀĂĄÇĆČĎĐÈÉÊËĒĖĘĚÌÍÎÏĪĮŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠŞŤÙÚÛÜŪŮŰŲÝŸŽŹŻ', 'aaaaaaaaacccddeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzaaaaaaaaacccddeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuuyyzzz')) || E'\n' || lower(translate(coalesce("city", ''), 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿžźżÀÁÂÃÄÅĀĂĄÇĆČĎĐÈÉÊËĒĖĘĚÌÍÎÏĪĮŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠŞŤÙÚÛÜŪŮŰŲÝŸŽŹŻ', 'aaaaaaaaacccddeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzaaaaaaaaacccddeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuuyyzzz'))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopper_figures_stale" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"user_id" integer,
	"identity_id" integer
);
--> statement-breakpoint
ALTER TABLE "shopper_figures" ADD CONSTRAINT "shopper_figures_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shopper_figures_seller_name_idx" ON "shopper_figures" USING btree ("seller_id",lower("first_name"),"row_key");--> statement-breakpoint
CREATE INDEX "shopper_figures_name_idx" ON "shopper_figures" USING btree (lower("first_name"),"row_key");--> statement-breakpoint
CREATE INDEX "shopper_figures_seller_spent_idx" ON "shopper_figures" USING btree ("seller_id","total_cents","row_key");--> statement-breakpoint
CREATE INDEX "shopper_figures_seller_orders_idx" ON "shopper_figures" USING btree ("seller_id","orders_count","row_key");--> statement-breakpoint
CREATE INDEX "shopper_figures_seller_unpaid_idx" ON "shopper_figures" USING btree ("seller_id","unpaid_carts","row_key");--> statement-breakpoint
CREATE INDEX "shopper_figures_spent_idx" ON "shopper_figures" USING btree ("total_cents","row_key");--> statement-breakpoint
CREATE INDEX "shopper_figures_unpaid_idx" ON "shopper_figures" USING btree ("unpaid_carts","row_key");--> statement-breakpoint
CREATE INDEX "shopper_figures_search_idx" ON "shopper_figures" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shopper_figures_user_idx" ON "shopper_figures" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "shopper_figures_stale_seller_idx" ON "shopper_figures_stale" USING btree ("seller_id");--> statement-breakpoint
-- Every seller with shoppers, to be built whole (by the first list read or the background refresh).
INSERT INTO shopper_figures_stale (seller_id)
  SELECT seller_id FROM orders UNION SELECT seller_id FROM social_identities;
