CREATE TABLE "billing_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"subscription_id" integer,
	"kind" varchar(10) NOT NULL,
	"provider" varchar(20) NOT NULL,
	"external_id" varchar(255) NOT NULL,
	"plan_id" integer,
	"amount_cents" integer NOT NULL,
	"vat_cents" integer DEFAULT 0 NOT NULL,
	"status" varchar(10) NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"month" char(7),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "billing_charges_provider_external_unique" UNIQUE("provider","external_id"),
	CONSTRAINT "billing_charges_kind_check" CHECK ("billing_charges"."kind" in ('plan', 'percent')),
	CONSTRAINT "billing_charges_status_check" CHECK ("billing_charges"."status" in ('open', 'paid', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "billing_customers" (
	"user_id" integer NOT NULL,
	"provider" varchar(20) NOT NULL,
	"external_id" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_customers_user_id_provider_pk" PRIMARY KEY("user_id","provider"),
	CONSTRAINT "billing_customers_provider_external_unique" UNIQUE("provider","external_id"),
	CONSTRAINT "billing_customers_provider_check" CHECK ("billing_customers"."provider" in ('sandbox', 'stripe'))
);
--> statement-breakpoint
CREATE TABLE "billing_events" (
	"provider" varchar(20) NOT NULL,
	"event_id" varchar(255) NOT NULL,
	"type" varchar(100) NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "billing_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "billing_payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" varchar(20) NOT NULL,
	"external_id" varchar(255) NOT NULL,
	"kind" varchar(20) NOT NULL,
	"brand" varchar(30),
	"last4" varchar(4),
	"exp_month" smallint,
	"exp_year" smallint,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_payment_methods_provider_external_unique" UNIQUE("provider","external_id"),
	CONSTRAINT "billing_payment_methods_kind_check" CHECK ("billing_payment_methods"."kind" in ('card', 'sepa_debit')),
	CONSTRAINT "billing_payment_methods_provider_check" CHECK ("billing_payment_methods"."provider" in ('sandbox', 'stripe'))
);
--> statement-breakpoint
CREATE TABLE "billing_runs" (
	"seller_id" integer NOT NULL,
	"month" char(7) NOT NULL,
	"status" varchar(10) NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"error" varchar(1000),
	CONSTRAINT "billing_runs_seller_id_month_pk" PRIMARY KEY("seller_id","month"),
	CONSTRAINT "billing_runs_status_check" CHECK ("billing_runs"."status" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "billing_setups" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" varchar(20) NOT NULL,
	"external_id" varchar(255) NOT NULL,
	"secret_hash" varchar(64) NOT NULL,
	"purpose" varchar(20) NOT NULL,
	"plan_id" integer,
	"interval" varchar(5),
	"return_to" varchar(20) DEFAULT 'plan' NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "billing_setups_provider_external_unique" UNIQUE("provider","external_id"),
	CONSTRAINT "billing_setups_purpose_check" CHECK ("billing_setups"."purpose" in ('subscribe', 'add_method')),
	CONSTRAINT "billing_setups_status_check" CHECK ("billing_setups"."status" in ('pending', 'succeeded', 'requires_action', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "platform_invoice_orders" (
	"invoice_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_number" varchar(50) NOT NULL,
	"paid_at" timestamp with time zone,
	"total_cents" integer NOT NULL,
	"refunded_cents" integer NOT NULL,
	"counted_cents" integer NOT NULL,
	CONSTRAINT "platform_invoice_orders_invoice_id_order_id_pk" PRIMARY KEY("invoice_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "platform_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"number" varchar(30) NOT NULL,
	"month" char(7) NOT NULL,
	"plan_cents" integer NOT NULL,
	"sales_cents" integer NOT NULL,
	"percent_bp" integer NOT NULL,
	"percent_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"status" varchar(10) NOT NULL,
	"path" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "platform_invoices_seq_unique" UNIQUE("seq"),
	CONSTRAINT "platform_invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "platform_invoices_seller_month_unique" UNIQUE("seller_id","month"),
	CONSTRAINT "platform_invoices_seq_check" CHECK ("platform_invoices"."seq" > 0),
	CONSTRAINT "platform_invoices_status_check" CHECK ("platform_invoices"."status" in ('open', 'paid', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_billing_objects" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"kind" varchar(30) NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "yearly_cents" integer;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "features_fr" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "features_en" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "provider_prices" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "interval" varchar(5) DEFAULT 'month' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "price_cents" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "current_period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "pending_plan_id" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "pending_interval" varchar(5);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "payment_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "grace_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_charges" ADD CONSTRAINT "billing_charges_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_charges" ADD CONSTRAINT "billing_charges_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_charges" ADD CONSTRAINT "billing_charges_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payment_methods" ADD CONSTRAINT "billing_payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_runs" ADD CONSTRAINT "billing_runs_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_setups" ADD CONSTRAINT "billing_setups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_setups" ADD CONSTRAINT "billing_setups_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_invoice_orders" ADD CONSTRAINT "platform_invoice_orders_invoice_id_platform_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."platform_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_invoices" ADD CONSTRAINT "platform_invoices_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_charges_seller_created_idx" ON "billing_charges" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "billing_payment_methods_user_idx" ON "billing_payment_methods" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_payment_methods_one_default" ON "billing_payment_methods" USING btree ("user_id") WHERE "billing_payment_methods"."is_default";--> statement-breakpoint
CREATE INDEX "billing_setups_user_created_idx" ON "billing_setups" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "platform_invoices_seller_created_idx" ON "platform_invoices" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_billing_objects_kind_created_idx" ON "sandbox_billing_objects" USING btree ("kind","created_at");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_pending_plan_id_plans_id_fk" FOREIGN KEY ("pending_plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_yearly_check" CHECK ("plans"."yearly_cents" >= 0);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_interval_check" CHECK ("subscriptions"."interval" in ('month', 'year'));--> statement-breakpoint
UPDATE "plans" SET "yearly_cents" = 49000, "features_fr" = '["Lives Facebook et Instagram illimités","Paniers, stock réservé et liste d’attente","Factures et e-mails automatiques","Chatbot avec vos propres réponses"]'::jsonb, "features_en" = '["Unlimited Facebook and Instagram lives","Carts, reserved stock and waiting list","Automatic invoices and e-mails","Chatbot with your own replies"]'::jsonb WHERE "code" = 'basic' AND "features_fr" = '[]'::jsonb;
--> statement-breakpoint
UPDATE "plans" SET "yearly_cents" = 149000, "features_fr" = '["Tout Basic","Synchronisation Shopify et WooCommerce","Plusieurs pages et comptes Instagram","Support prioritaire"]'::jsonb, "features_en" = '["Everything in Basic","Shopify and WooCommerce sync","Several pages and Instagram accounts","Priority support"]'::jsonb WHERE "code" = 'business' AND "features_fr" = '[]'::jsonb;
--> statement-breakpoint
UPDATE "plans" SET "features_fr" = '["Tout Business","Pourcentage négocié","Accompagnement dédié pour vos lives"]'::jsonb, "features_en" = '["Everything in Business","Negotiated percent","Dedicated help for your lives"]'::jsonb WHERE "code" = 'platinum' AND "features_fr" = '[]'::jsonb;
