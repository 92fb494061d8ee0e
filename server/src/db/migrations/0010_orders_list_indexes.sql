CREATE INDEX "orders_seller_amount_idx" ON "orders" USING btree ("seller_id","total_amount_cents","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_amount_idx" ON "orders" USING btree ("total_amount_cents","id");