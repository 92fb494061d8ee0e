CREATE TABLE "buyer_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"user_id" integer,
	"social_identity_id" integer,
	"blocked_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyer_blocks_one_shopper_check" CHECK (num_nonnulls("buyer_blocks"."user_id", "buyer_blocks"."social_identity_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "impersonations" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"session_id" varchar(43) NOT NULL,
	"admin_session_id" varchar(43) NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "seller_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"admin_id" integer,
	"impersonation_id" integer,
	"action" varchar(30) NOT NULL,
	"method" varchar(10),
	"path" varchar(500),
	"status_code" smallint,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_audit_action_check" CHECK ("seller_audit"."action" in ('login_as_start', 'login_as_stop', 'request', 'percent_changed', 'unsubscribed')),
	CONSTRAINT "seller_audit_status_check" CHECK ("seller_audit"."status_code" between 100 and 599)
);
--> statement-breakpoint
CREATE TABLE "support_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_comments" DROP CONSTRAINT "live_comments_outcome_check";--> statement-breakpoint
ALTER TABLE "support_messages" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "blocked_message" varchar(1000);--> statement-breakpoint
ALTER TABLE "support_messages" ADD COLUMN "type" varchar(10) DEFAULT 'support' NOT NULL;--> statement-breakpoint
ALTER TABLE "support_messages" ADD COLUMN "first_name" varchar(100);--> statement-breakpoint
ALTER TABLE "support_messages" ADD COLUMN "last_name" varchar(100);--> statement-breakpoint
ALTER TABLE "support_messages" ADD COLUMN "email" varchar(255);--> statement-breakpoint
ALTER TABLE "support_messages" ADD COLUMN "phone" varchar(30);--> statement-breakpoint
ALTER TABLE "support_messages" ADD COLUMN "company_name" varchar(150);--> statement-breakpoint
ALTER TABLE "support_messages" ADD COLUMN "locale" varchar(2) DEFAULT 'fr' NOT NULL;--> statement-breakpoint
ALTER TABLE "support_messages" ADD COLUMN "attachment" varchar(255);--> statement-breakpoint
ALTER TABLE "support_messages" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "buyer_blocks" ADD CONSTRAINT "buyer_blocks_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_blocks" ADD CONSTRAINT "buyer_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_blocks" ADD CONSTRAINT "buyer_blocks_social_identity_id_social_identities_id_fk" FOREIGN KEY ("social_identity_id") REFERENCES "public"."social_identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_blocks" ADD CONSTRAINT "buyer_blocks_blocked_by_users_id_fk" FOREIGN KEY ("blocked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonations" ADD CONSTRAINT "impersonations_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonations" ADD CONSTRAINT "impersonations_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_audit" ADD CONSTRAINT "seller_audit_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_audit" ADD CONSTRAINT "seller_audit_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_audit" ADD CONSTRAINT "seller_audit_impersonation_id_impersonations_id_fk" FOREIGN KEY ("impersonation_id") REFERENCES "public"."impersonations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_replies" ADD CONSTRAINT "support_replies_message_id_support_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."support_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_replies" ADD CONSTRAINT "support_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_blocks_seller_user_unique" ON "buyer_blocks" USING btree ("seller_id","user_id") WHERE "buyer_blocks"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_blocks_seller_identity_unique" ON "buyer_blocks" USING btree ("seller_id","social_identity_id") WHERE "buyer_blocks"."social_identity_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "impersonations_session_unique" ON "impersonations" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "impersonations_seller_started_idx" ON "impersonations" USING btree ("seller_id","started_at");--> statement-breakpoint
CREATE INDEX "impersonations_admin_started_idx" ON "impersonations" USING btree ("admin_id","started_at");--> statement-breakpoint
CREATE INDEX "seller_audit_seller_created_idx" ON "seller_audit" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "seller_audit_impersonation_idx" ON "seller_audit" USING btree ("impersonation_id");--> statement-breakpoint
CREATE INDEX "support_replies_message_idx" ON "support_replies" USING btree ("message_id","created_at");--> statement-breakpoint
CREATE INDEX "support_messages_type_created_idx" ON "support_messages" USING btree ("type","created_at");--> statement-breakpoint
ALTER TABLE "live_comments" ADD CONSTRAINT "live_comments_outcome_check" CHECK ("live_comments"."outcome" in ('cart', 'waiting', 'chatbot', 'blocked', 'no_match', 'ignored', 'rejected', 'error'));--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_type_check" CHECK ("support_messages"."type" in ('support', 'contact', 'demo'));--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_author_check" CHECK ("support_messages"."user_id" is not null or "support_messages"."email" is not null);--> statement-breakpoint
INSERT INTO "support_messages" ("type", "first_name", "last_name", "email", "phone", "company_name", "locale", "subject", "message", "created_at", "updated_at")
SELECT 'demo', "first_name", "last_name", "email", "phone", "company_name", "locale", left(coalesce("company_name", "email"), 255), coalesce("message", ''), "created_at", "created_at" FROM "demo_requests";--> statement-breakpoint
DROP TABLE "demo_requests" CASCADE;
