CREATE TABLE "chatbot_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer,
	"type" varchar(10) NOT NULL,
	"name" varchar(100) NOT NULL,
	"keywords" text DEFAULT '' NOT NULL,
	"message_fr" text DEFAULT '' NOT NULL,
	"message_en" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"product_id" integer,
	"discount_percent" smallint,
	"answer_count" integer DEFAULT 0 NOT NULL,
	"max_answer_count" integer,
	"mandatory" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chatbot_messages_seller_name_unique" UNIQUE NULLS NOT DISTINCT("seller_id","name"),
	CONSTRAINT "chatbot_messages_type_check" CHECK ("chatbot_messages"."type" in ('system', 'users')),
	CONSTRAINT "chatbot_messages_discount_check" CHECK ("chatbot_messages"."discount_percent" between 0 and 100),
	CONSTRAINT "chatbot_messages_answers_check" CHECK ("chatbot_messages"."answer_count" >= 0 and ("chatbot_messages"."max_answer_count" is null or "chatbot_messages"."max_answer_count" >= 0))
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"title" varchar(255) NOT NULL,
	"path" varchar(500) NOT NULL,
	"amount_cents" integer,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_kind_check" CHECK ("documents"."kind" in ('platform_invoice', 'contract', 'other'))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"number" varchar(30) NOT NULL,
	"path" varchar(500),
	"total_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "invoices_seller_seq_unique" UNIQUE("seller_id","seq"),
	CONSTRAINT "invoices_seller_number_unique" UNIQUE("seller_id","number"),
	CONSTRAINT "invoices_seq_check" CHECK ("invoices"."seq" > 0)
);
--> statement-breakpoint
CREATE TABLE "live_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"external_id" varchar(128) NOT NULL,
	"social_identity_id" integer,
	"from_id" varchar(64),
	"from_name" varchar(255),
	"message" text NOT NULL,
	"created_time" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" varchar(20),
	"outcome_reason" text,
	CONSTRAINT "live_comments_session_external_unique" UNIQUE("session_id","external_id"),
	CONSTRAINT "live_comments_outcome_check" CHECK ("live_comments"."outcome" in ('cart', 'waiting', 'chatbot', 'no_match', 'ignored', 'rejected', 'error'))
);
--> statement-breakpoint
CREATE TABLE "live_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"store_id" integer,
	"event_date" date NOT NULL,
	"event_time" time NOT NULL,
	"order_timer_minutes" integer DEFAULT 30 NOT NULL,
	"scenario" varchar(100),
	"status" varchar(20) DEFAULT 'scheduled' NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"participants" integer DEFAULT 0 NOT NULL,
	"ingest_token_hash" varchar(64),
	"started_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"external_video_id" varchar(64),
	"comments_cursor" varchar(512),
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_sessions_status_check" CHECK ("live_sessions"."status" in ('scheduled', 'live', 'closed')),
	CONSTRAINT "live_sessions_order_timer_check" CHECK ("live_sessions"."order_timer_minutes" between 0 and 1440),
	CONSTRAINT "live_sessions_participants_check" CHECK ("live_sessions"."participants" >= 0)
);
--> statement-breakpoint
CREATE TABLE "social_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" varchar(20) NOT NULL,
	"external_user_id" varchar(64) NOT NULL,
	"name" varchar(255),
	"user_id" integer,
	"linked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_identities_platform_user_unique" UNIQUE("platform","external_user_id"),
	CONSTRAINT "social_identities_platform_check" CHECK ("social_identities"."platform" in ('facebook', 'instagram'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" varchar(50) NOT NULL,
	"title_fr" varchar(255) NOT NULL,
	"title_en" varchar(255) NOT NULL,
	"body_fr" text,
	"body_en" text,
	"link" varchar(500),
	"data" jsonb,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"product_id" integer,
	"configuration_id" integer,
	"name" varchar(255) NOT NULL,
	"color_label" varchar(50),
	"size_label" varchar(50),
	"sku" varchar(100),
	"unit_price_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"photo" varchar(2000),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_items_quantity_check" CHECK ("order_items"."quantity" > 0),
	CONSTRAINT "order_items_price_check" CHECK ("order_items"."unit_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"status" varchar(20) NOT NULL,
	"user_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_status_history_status_check" CHECK ("order_status_history"."status" in ('new', 'payed', 'shipped', 'canceled', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"buyer_id" integer,
	"social_identity_id" integer,
	"session_id" integer,
	"order_number" varchar(32) NOT NULL,
	"access_token_hash" varchar(64),
	"status" varchar(20) DEFAULT 'new' NOT NULL,
	"subtotal_cents" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"shipping_cents" integer DEFAULT 0 NOT NULL,
	"total_amount_cents" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"comment_id" varchar(128),
	"locale" varchar(2) DEFAULT 'fr' NOT NULL,
	"shipping_method_id" integer,
	"shipping_method_name" varchar(100),
	"address_id" integer,
	"ship_first_name" varchar(100),
	"ship_last_name" varchar(100),
	"ship_phone" varchar(30),
	"ship_address1" varchar(255),
	"ship_address2" varchar(255),
	"ship_city" varchar(100),
	"ship_state" varchar(100),
	"ship_post_code" varchar(20),
	"country_id" integer,
	"payment_method" varchar(30),
	"paid_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_order_number_unique" UNIQUE("order_number"),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('new', 'payed', 'shipped', 'canceled', 'expired')),
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."subtotal_cents" >= 0 and "orders"."discount_cents" >= 0 and "orders"."shipping_cents" >= 0 and "orders"."total_amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "waiting_list" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"session_id" integer,
	"configuration_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"social_identity_id" integer,
	"buyer_id" integer,
	"comment_id" varchar(128),
	"quantity" integer DEFAULT 1 NOT NULL,
	"comment_time" timestamp with time zone NOT NULL,
	"status" varchar(20) DEFAULT 'waiting' NOT NULL,
	"served_order_id" integer,
	"served_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waiting_list_status_check" CHECK ("waiting_list"."status" in ('waiting', 'served', 'canceled')),
	CONSTRAINT "waiting_list_quantity_check" CHECK ("waiting_list"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "mailbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" varchar(255) NOT NULL,
	"subject" varchar(500) NOT NULL,
	"text" text,
	"html" text,
	"attachments" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(40) NOT NULL,
	"dedupe_key" varchar(255) NOT NULL,
	"payload" jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "outbox_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "outbox_status_check" CHECK ("outbox"."status" in ('pending', 'done', 'dead')),
	CONSTRAINT "outbox_attempts_check" CHECK ("outbox"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"provider" varchar(20) NOT NULL,
	"method" varchar(30) NOT NULL,
	"status" boolean DEFAULT false NOT NULL,
	"credentials_encrypted" text,
	"account_label" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_seller_provider_method_unique" UNIQUE("seller_id","provider","method"),
	CONSTRAINT "payment_methods_provider_check" CHECK ("payment_methods"."provider" in ('sandbox', 'mollie', 'stripe'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"buyer_id" integer,
	"provider" varchar(20) NOT NULL,
	"external_id" varchar(255),
	"method" varchar(30),
	"amount_cents" integer NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"checkout_url" varchar(2000),
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"raw" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_provider_external_unique" UNIQUE("provider","external_id"),
	CONSTRAINT "payments_provider_check" CHECK ("payments"."provider" in ('sandbox', 'mollie', 'stripe')),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('open', 'pending', 'paid', 'failed', 'canceled', 'refunded')),
	CONSTRAINT "payments_amounts_check" CHECK ("payments"."amount_cents" >= 0 and "payments"."fee_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(20) NOT NULL,
	"name_fr" varchar(100) NOT NULL,
	"name_en" varchar(100) NOT NULL,
	"monthly_cents" integer,
	"percent_bp" integer,
	"sales_limit_cents" integer,
	"stripe_price_id" varchar(100),
	"active" boolean DEFAULT true NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_code_unique" UNIQUE("code"),
	CONSTRAINT "plans_code_check" CHECK ("plans"."code" in ('basic', 'business', 'platinum')),
	CONSTRAINT "plans_percent_check" CHECK ("plans"."percent_bp" between 0 and 10000),
	CONSTRAINT "plans_monthly_check" CHECK ("plans"."monthly_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "seller_percent_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"percent_bp" integer NOT NULL,
	"previous_percent_bp" integer,
	"changed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_percent_history_percent_check" CHECK ("seller_percent_history"."percent_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"provider" varchar(20) NOT NULL,
	"external_id" varchar(255),
	"status" varchar(30) NOT NULL,
	"trial_end" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_provider_external_unique" UNIQUE("provider","external_id"),
	CONSTRAINT "subscriptions_provider_check" CHECK ("subscriptions"."provider" in ('sandbox', 'stripe')),
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('active', 'trialing', 'incomplete', 'cancel_at_period_end', 'unsubscribed'))
);
--> statement-breakpoint
CREATE TABLE "colors" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(30) NOT NULL,
	"name_fr" varchar(50) NOT NULL,
	"name_en" varchar(50) NOT NULL,
	"hex" varchar(7) NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "colors_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(30) NOT NULL,
	"name_fr" varchar(50) NOT NULL,
	"name_en" varchar(50) NOT NULL,
	CONSTRAINT "materials_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "product_configurations" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"color_id" integer,
	"size_id" integer,
	"price_cents" integer NOT NULL,
	"sku" varchar(100),
	"quantity" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_configurations_variant_unique" UNIQUE NULLS NOT DISTINCT("product_id","color_id","size_id"),
	CONSTRAINT "product_configurations_quantity_check" CHECK ("product_configurations"."quantity" >= 0),
	CONSTRAINT "product_configurations_price_check" CHECK ("product_configurations"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_keywords" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"keyword" varchar(100) NOT NULL,
	CONSTRAINT "product_keywords_seller_keyword_unique" UNIQUE("seller_id","keyword")
);
--> statement-breakpoint
CREATE TABLE "product_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"path" varchar(500),
	"url" varchar(2000),
	"thumb_path" varchar(500),
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_photos_source_check" CHECK ("product_photos"."path" is not null or "product_photos"."url" is not null)
);
--> statement-breakpoint
CREATE TABLE "product_tags" (
	"product_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	CONSTRAINT "product_tags_product_id_tag_id_pk" PRIMARY KEY("product_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_publish" boolean DEFAULT false NOT NULL,
	"configured" boolean DEFAULT false NOT NULL,
	"keywords" text DEFAULT '' NOT NULL,
	"sku" varchar(100),
	"price_cents" integer DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"material_id" integer,
	"style_id" integer,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_check" CHECK ("products"."price_cents" >= 0),
	CONSTRAINT "products_quantity_check" CHECK ("products"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(20) NOT NULL,
	"name_fr" varchar(50) NOT NULL,
	"name_en" varchar(50) NOT NULL,
	"size_table" varchar(20) NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "sizes_table_code_unique" UNIQUE("size_table","code"),
	CONSTRAINT "sizes_size_table_check" CHECK ("sizes"."size_table" in ('letters', 'eu', 'shoes', 'one_size'))
);
--> statement-breakpoint
CREATE TABLE "styles" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(30) NOT NULL,
	"name_fr" varchar(50) NOT NULL,
	"name_en" varchar(50) NOT NULL,
	CONSTRAINT "styles_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_seller_name_unique" UNIQUE("seller_id","name")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"cart_duration" integer DEFAULT 30 NOT NULL,
	"free_shipping_timer" boolean DEFAULT false NOT NULL,
	"free_shipping_status" boolean DEFAULT false NOT NULL,
	"free_shipping_threshold_cents" integer,
	"doctype" varchar(10) DEFAULT 'file' NOT NULL,
	"privacy_doc" varchar(500),
	"terms_doc" varchar(500),
	"delivery_doc" varchar(500),
	"return_doc" varchar(500),
	"privacy_link" varchar(1000),
	"terms_link" varchar(1000),
	"delivery_link" varchar(1000),
	"return_link" varchar(1000),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settings_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "settings_cart_duration_check" CHECK ("settings"."cart_duration" between 0 and 1440),
	CONSTRAINT "settings_threshold_check" CHECK ("settings"."free_shipping_threshold_cents" >= 0),
	CONSTRAINT "settings_doctype_check" CHECK ("settings"."doctype" in ('file', 'link'))
);
--> statement-breakpoint
CREATE TABLE "free_shipping_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"free_shipping_from" timestamp with time zone NOT NULL,
	"free_shipping_to" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "free_shipping_periods_range_check" CHECK ("free_shipping_periods"."free_shipping_to" > "free_shipping_periods"."free_shipping_from")
);
--> statement-breakpoint
CREATE TABLE "shipping_method_countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipping_method_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shipping_method_countries_pair_unique" UNIQUE("shipping_method_id","country_id"),
	CONSTRAINT "shipping_method_countries_price_check" CHECK ("shipping_method_countries"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipping_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer,
	"template_id" integer,
	"name" varchar(100) NOT NULL,
	"logo" varchar(500),
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_methods_seller_name_unique" UNIQUE NULLS NOT DISTINCT("seller_id","name")
);
--> statement-breakpoint
CREATE TABLE "social_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"platform" varchar(20) NOT NULL,
	"external_user_id" varchar(64) NOT NULL,
	"name" varchar(255),
	"access_token_encrypted" text,
	"token_expires_at" timestamp with time zone,
	"token_error" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_accounts_seller_platform_unique" UNIQUE("seller_id","platform"),
	CONSTRAINT "social_accounts_platform_check" CHECK ("social_accounts"."platform" in ('facebook', 'instagram'))
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"social_account_id" integer,
	"platform" varchar(20) NOT NULL,
	"external_id" varchar(64) NOT NULL,
	"name" varchar(255) NOT NULL,
	"photo" varchar(1000),
	"follower_count" integer DEFAULT 0 NOT NULL,
	"access_token_encrypted" text,
	"token_expires_at" timestamp with time zone,
	"token_error" varchar(255),
	"sync_status" varchar(20) DEFAULT 'idle' NOT NULL,
	"synced_at" timestamp with time zone,
	"selected" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stores_seller_platform_external_unique" UNIQUE("seller_id","platform","external_id"),
	CONSTRAINT "stores_platform_check" CHECK ("stores"."platform" in ('facebook', 'instagram')),
	CONSTRAINT "stores_sync_status_check" CHECK ("stores"."sync_status" in ('idle', 'syncing', 'synced', 'error')),
	CONSTRAINT "stores_follower_count_check" CHECK ("stores"."follower_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "demo_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" varchar(100),
	"last_name" varchar(100),
	"email" varchar(255) NOT NULL,
	"phone" varchar(30),
	"company_name" varchar(150),
	"message" text,
	"locale" varchar(2) DEFAULT 'fr' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"subject" varchar(255) NOT NULL,
	"message" text NOT NULL,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_messages_status_check" CHECK ("support_messages"."status" in ('open', 'answered', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"address_type" varchar(20) DEFAULT 'shipping' NOT NULL,
	"country_id" integer NOT NULL,
	"state" varchar(100),
	"post_code" varchar(20),
	"city" varchar(100) NOT NULL,
	"address1" varchar(255) NOT NULL,
	"address2" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"iso" varchar(2) NOT NULL,
	"name_fr" varchar(100) NOT NULL,
	"name_en" varchar(100) NOT NULL,
	CONSTRAINT "countries_iso_unique" UNIQUE("iso")
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" varchar(20) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(255),
	"email_real" varchar(255),
	"first_name" varchar(100),
	"last_name" varchar(100),
	"phone" varchar(30),
	"company_name" varchar(150),
	"tax_id" varchar(50),
	"vat_number" varchar(50),
	"photo" varchar(255),
	"role_id" smallint NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"password_hash" text,
	"token_version" integer DEFAULT 0 NOT NULL,
	"selected_locale" varchar(2) DEFAULT 'fr' NOT NULL,
	"subscription_id" varchar(100),
	"facebook_id" varchar(64),
	"seller_percent_bp" integer,
	"email_verified_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_seller_percent_check" CHECK ("users"."seller_percent_bp" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "chatbot_messages" ADD CONSTRAINT "chatbot_messages_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_messages" ADD CONSTRAINT "chatbot_messages_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_comments" ADD CONSTRAINT "live_comments_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_comments" ADD CONSTRAINT "live_comments_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_comments" ADD CONSTRAINT "live_comments_social_identity_id_social_identities_id_fk" FOREIGN KEY ("social_identity_id") REFERENCES "public"."social_identities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_identities" ADD CONSTRAINT "social_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_configuration_id_product_configurations_id_fk" FOREIGN KEY ("configuration_id") REFERENCES "public"."product_configurations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_social_identity_id_social_identities_id_fk" FOREIGN KEY ("social_identity_id") REFERENCES "public"."social_identities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_method_id_shipping_methods_id_fk" FOREIGN KEY ("shipping_method_id") REFERENCES "public"."shipping_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list" ADD CONSTRAINT "waiting_list_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list" ADD CONSTRAINT "waiting_list_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list" ADD CONSTRAINT "waiting_list_configuration_id_product_configurations_id_fk" FOREIGN KEY ("configuration_id") REFERENCES "public"."product_configurations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list" ADD CONSTRAINT "waiting_list_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list" ADD CONSTRAINT "waiting_list_social_identity_id_social_identities_id_fk" FOREIGN KEY ("social_identity_id") REFERENCES "public"."social_identities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list" ADD CONSTRAINT "waiting_list_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list" ADD CONSTRAINT "waiting_list_served_order_id_orders_id_fk" FOREIGN KEY ("served_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_percent_history" ADD CONSTRAINT "seller_percent_history_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_percent_history" ADD CONSTRAINT "seller_percent_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_configurations" ADD CONSTRAINT "product_configurations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_configurations" ADD CONSTRAINT "product_configurations_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_configurations" ADD CONSTRAINT "product_configurations_color_id_colors_id_fk" FOREIGN KEY ("color_id") REFERENCES "public"."colors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_configurations" ADD CONSTRAINT "product_configurations_size_id_sizes_id_fk" FOREIGN KEY ("size_id") REFERENCES "public"."sizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_keywords" ADD CONSTRAINT "product_keywords_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_keywords" ADD CONSTRAINT "product_keywords_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_photos" ADD CONSTRAINT "product_photos_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_photos" ADD CONSTRAINT "product_photos_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tags" ADD CONSTRAINT "product_tags_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tags" ADD CONSTRAINT "product_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tags" ADD CONSTRAINT "product_tags_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_style_id_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."styles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_shipping_periods" ADD CONSTRAINT "free_shipping_periods_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_method_countries" ADD CONSTRAINT "shipping_method_countries_shipping_method_id_shipping_methods_id_fk" FOREIGN KEY ("shipping_method_id") REFERENCES "public"."shipping_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_method_countries" ADD CONSTRAINT "shipping_method_countries_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_method_countries" ADD CONSTRAINT "shipping_method_countries_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD CONSTRAINT "shipping_methods_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD CONSTRAINT "shipping_methods_template_id_shipping_methods_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."shipping_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD CONSTRAINT "social_accounts_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_social_account_id_social_accounts_id_fk" FOREIGN KEY ("social_account_id") REFERENCES "public"."social_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chatbot_messages_seller_type_created_idx" ON "chatbot_messages" USING btree ("seller_id","type","created_at");--> statement-breakpoint
CREATE INDEX "documents_seller_created_idx" ON "documents" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_seller_created_idx" ON "invoices" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "live_comments_session_time_idx" ON "live_comments" USING btree ("session_id","created_time");--> statement-breakpoint
CREATE INDEX "live_comments_unprocessed_idx" ON "live_comments" USING btree ("received_at") WHERE "live_comments"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "live_sessions_seller_created_idx" ON "live_sessions" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "live_sessions_seller_event_idx" ON "live_sessions" USING btree ("seller_id","event_date","event_time");--> statement-breakpoint
CREATE INDEX "live_sessions_seller_status_idx" ON "live_sessions" USING btree ("seller_id","status");--> statement-breakpoint
CREATE INDEX "live_sessions_external_video_idx" ON "live_sessions" USING btree ("external_video_id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_sessions_ingest_token_unique" ON "live_sessions" USING btree ("ingest_token_hash");--> statement-breakpoint
CREATE INDEX "social_identities_user_idx" ON "social_identities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_configuration_idx" ON "order_items" USING btree ("configuration_id");--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_seller_status_created_idx" ON "orders" USING btree ("seller_id","status","created_at");--> statement-breakpoint
CREATE INDEX "orders_seller_created_idx" ON "orders" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_buyer_created_idx" ON "orders" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_session_idx" ON "orders" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "orders_comment_idx" ON "orders" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "orders_social_identity_idx" ON "orders" USING btree ("social_identity_id");--> statement-breakpoint
CREATE INDEX "orders_expiring_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'new';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_open_cart" ON "orders" USING btree ("seller_id","social_identity_id") WHERE "orders"."status" = 'new' and "orders"."social_identity_id" is not null;--> statement-breakpoint
CREATE INDEX "waiting_list_queue_idx" ON "waiting_list" USING btree ("configuration_id","status","comment_time");--> statement-breakpoint
CREATE INDEX "waiting_list_seller_status_created_idx" ON "waiting_list" USING btree ("seller_id","status","created_at");--> statement-breakpoint
CREATE INDEX "waiting_list_comment_idx" ON "waiting_list" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "waiting_list_social_identity_idx" ON "waiting_list" USING btree ("social_identity_id");--> statement-breakpoint
CREATE INDEX "waiting_list_buyer_idx" ON "waiting_list" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "mailbox_to_created_idx" ON "mailbox" USING btree ("to","created_at");--> statement-breakpoint
CREATE INDEX "mailbox_created_idx" ON "mailbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbox_status_run_at_idx" ON "outbox" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_seller_status_created_idx" ON "payments" USING btree ("seller_id","status","created_at");--> statement-breakpoint
CREATE INDEX "payments_seller_created_idx" ON "payments" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "seller_percent_history_seller_created_idx" ON "seller_percent_history" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_user_created_idx" ON "subscriptions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "product_configurations_seller_color_idx" ON "product_configurations" USING btree ("seller_id","color_id");--> statement-breakpoint
CREATE INDEX "product_configurations_seller_size_idx" ON "product_configurations" USING btree ("seller_id","size_id");--> statement-breakpoint
CREATE INDEX "product_keywords_product_idx" ON "product_keywords" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_photos_product_idx" ON "product_photos" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_tags_tag_idx" ON "product_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "products_seller_created_idx" ON "products" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "products_seller_name_idx" ON "products" USING btree ("seller_id","name");--> statement-breakpoint
CREATE INDEX "products_seller_price_idx" ON "products" USING btree ("seller_id","price_cents");--> statement-breakpoint
CREATE INDEX "products_seller_quantity_idx" ON "products" USING btree ("seller_id","quantity");--> statement-breakpoint
CREATE UNIQUE INDEX "free_shipping_periods_one_active" ON "free_shipping_periods" USING btree ("seller_id") WHERE "free_shipping_periods"."active";--> statement-breakpoint
CREATE INDEX "free_shipping_periods_seller_created_idx" ON "free_shipping_periods" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "shipping_method_countries_seller_country_idx" ON "shipping_method_countries" USING btree ("seller_id","country_id");--> statement-breakpoint
CREATE INDEX "shipping_methods_template_idx" ON "shipping_methods" USING btree ("template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_one_selected_per_seller" ON "stores" USING btree ("seller_id") WHERE "stores"."selected";--> statement-breakpoint
CREATE INDEX "stores_platform_external_idx" ON "stores" USING btree ("platform","external_id");--> statement-breakpoint
CREATE INDEX "stores_seller_created_idx" ON "stores" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "demo_requests_created_idx" ON "demo_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "support_messages_status_created_idx" ON "support_messages" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "support_messages_user_created_idx" ON "support_messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id","address_type");--> statement-breakpoint
CREATE UNIQUE INDEX "user_tokens_hash_unique" ON "user_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "user_tokens_user_idx" ON "user_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_facebook_id_unique" ON "users" USING btree ("facebook_id");--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role_id","created_at");--> statement-breakpoint
CREATE INDEX "users_role_first_name_idx" ON "users" USING btree ("role_id","first_name");