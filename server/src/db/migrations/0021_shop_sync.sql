CREATE TABLE "shop_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"delivery_id" varchar(255) NOT NULL,
	"topic" varchar(100) NOT NULL,
	"events" jsonb NOT NULL,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_events_delivery_unique" UNIQUE("shop_id","delivery_id")
);
--> statement-breakpoint
CREATE TABLE "shop_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"status" varchar(20) DEFAULT 'running' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"report" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" varchar(500),
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_imports_status_check" CHECK ("shop_imports"."status" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "shop_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"status" varchar(20) DEFAULT 'ok' NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"platform_message" varchar(500),
	"shop_order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_log_kind_check" CHECK ("shop_log"."kind" in ('connect', 'import', 'stock_out', 'stock_in', 'order_out', 'shipped_out', 'shipped_in', 'price_in', 'reconcile', 'conflict', 'webhook', 'pause', 'resume')),
	CONSTRAINT "shop_log_status_check" CHECK ("shop_log"."status" in ('ok', 'failed', 'conflict'))
);
--> statement-breakpoint
CREATE TABLE "shop_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"external_id" varchar(100),
	"external_name" varchar(100),
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" varchar(500),
	"ship_pending" boolean DEFAULT false NOT NULL,
	"shipped_out_at" timestamp with time zone,
	"shipped_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_orders_shop_order_unique" UNIQUE("shop_id","order_id"),
	CONSTRAINT "shop_orders_status_check" CHECK ("shop_orders"."status" in ('pending', 'pushed', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "shop_stock_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"configuration_id" integer NOT NULL,
	"external_product_id" varchar(100) NOT NULL,
	"external_variant_id" varchar(100) NOT NULL,
	"inventory_item_id" varchar(100),
	"sku" varchar(100),
	"shop_known" integer DEFAULT 0 NOT NULL,
	"shop_debt" integer DEFAULT 0 NOT NULL,
	"push_pending" integer DEFAULT 0 NOT NULL,
	"price_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_variants_shop_variant_unique" UNIQUE("shop_id","external_variant_id"),
	CONSTRAINT "shop_variants_shop_configuration_unique" UNIQUE("shop_id","configuration_id"),
	CONSTRAINT "shop_variants_debt_check" CHECK ("shop_variants"."shop_debt" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"platform" varchar(20) NOT NULL,
	"url" varchar(255) NOT NULL,
	"name" varchar(255) DEFAULT '' NOT NULL,
	"currency" varchar(3) DEFAULT 'EUR' NOT NULL,
	"key_encrypted" text NOT NULL,
	"secret_encrypted" text NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"webhooks_at" timestamp with time zone,
	"last_error" varchar(500),
	"failures" integer DEFAULT 0 NOT NULL,
	"last_synced_at" timestamp with time zone,
	"last_reconciled_at" timestamp with time zone,
	"retry_at" timestamp with time zone,
	"busy_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shops_seller_url_unique" UNIQUE("seller_id","url"),
	CONSTRAINT "shops_platform_check" CHECK ("shops"."platform" in ('shopify', 'woocommerce'))
);
--> statement-breakpoint
ALTER TABLE "shop_events" ADD CONSTRAINT "shop_events_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_imports" ADD CONSTRAINT "shop_imports_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_imports" ADD CONSTRAINT "shop_imports_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_log" ADD CONSTRAINT "shop_log_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_log" ADD CONSTRAINT "shop_log_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_log" ADD CONSTRAINT "shop_log_shop_order_id_shop_orders_id_fk" FOREIGN KEY ("shop_order_id") REFERENCES "public"."shop_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_stock_changes" ADD CONSTRAINT "shop_stock_changes_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_stock_changes" ADD CONSTRAINT "shop_stock_changes_variant_id_shop_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."shop_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_variants" ADD CONSTRAINT "shop_variants_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_variants" ADD CONSTRAINT "shop_variants_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_variants" ADD CONSTRAINT "shop_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_variants" ADD CONSTRAINT "shop_variants_configuration_id_product_configurations_id_fk" FOREIGN KEY ("configuration_id") REFERENCES "public"."product_configurations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_events_pending_idx" ON "shop_events" USING btree ("shop_id") WHERE "shop_events"."processed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "shop_imports_shop_idx" ON "shop_imports" USING btree ("shop_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_imports_running_idx" ON "shop_imports" USING btree ("shop_id") WHERE "shop_imports"."status" = 'running';--> statement-breakpoint
CREATE INDEX "shop_log_shop_idx" ON "shop_log" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "shop_orders_shop_status_idx" ON "shop_orders" USING btree ("shop_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_orders_external_idx" ON "shop_orders" USING btree ("shop_id","external_id");--> statement-breakpoint
CREATE INDEX "shop_stock_changes_shop_idx" ON "shop_stock_changes" USING btree ("shop_id","variant_id");--> statement-breakpoint
CREATE INDEX "shop_variants_configuration_idx" ON "shop_variants" USING btree ("configuration_id");--> statement-breakpoint
CREATE INDEX "shop_variants_inventory_item_idx" ON "shop_variants" USING btree ("shop_id","inventory_item_id");--> statement-breakpoint
CREATE INDEX "shops_seller_idx" ON "shops" USING btree ("seller_id");