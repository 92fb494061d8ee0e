DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
DROP INDEX "orders_seller_status_created_idx";--> statement-breakpoint
DROP INDEX "products_seller_created_idx";--> statement-breakpoint
DROP INDEX "products_seller_name_idx";--> statement-breakpoint
DROP INDEX "products_seller_price_idx";--> statement-breakpoint
CREATE INDEX "orders_country_seller_idx" ON "orders" USING btree ("country_id","seller_id");--> statement-breakpoint
CREATE INDEX "orders_shipping_method_idx" ON "orders" USING btree ("shipping_method_id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_seller_status_created_idx" ON "orders" USING btree ("seller_id","status","created_at","paid_at","total_amount_cents","shipping_cents","subtotal_cents","id");--> statement-breakpoint
CREATE INDEX "products_seller_created_idx" ON "products" USING btree ("seller_id","created_at","id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_seller_name_idx" ON "products" USING btree ("seller_id","name_search","id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_seller_price_idx" ON "products" USING btree ("seller_id","price_cents","id") WHERE "products"."deleted_at" is null;