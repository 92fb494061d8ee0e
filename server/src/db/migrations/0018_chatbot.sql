CREATE TABLE "chatbot_session_answers" (
	"message_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chatbot_session_answers_message_id_session_id_pk" PRIMARY KEY("message_id","session_id"),
	CONSTRAINT "chatbot_session_answers_answers_check" CHECK ("chatbot_session_answers"."answers" >= 0)
);
--> statement-breakpoint
CREATE TABLE "chatbot_viewer_answers" (
	"message_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"social_identity_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"live_comment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chatbot_viewer_answers_message_id_session_id_social_identity_id_pk" PRIMARY KEY("message_id","session_id","social_identity_id")
);
--> statement-breakpoint
CREATE TABLE "cart_discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"social_identity_id" integer NOT NULL,
	"product_id" integer,
	"percent" smallint NOT NULL,
	"source" varchar(20) NOT NULL,
	"source_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_discounts_giver_unique" UNIQUE("session_id","social_identity_id","source","source_id"),
	CONSTRAINT "cart_discounts_percent_check" CHECK ("cart_discounts"."percent" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "live_comments" DROP CONSTRAINT "live_comments_outcome_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expiring_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chatbot_session_answers" ADD CONSTRAINT "chatbot_session_answers_message_id_chatbot_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chatbot_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_session_answers" ADD CONSTRAINT "chatbot_session_answers_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_session_answers" ADD CONSTRAINT "chatbot_session_answers_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_viewer_answers" ADD CONSTRAINT "chatbot_viewer_answers_message_id_chatbot_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chatbot_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_viewer_answers" ADD CONSTRAINT "chatbot_viewer_answers_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_viewer_answers" ADD CONSTRAINT "chatbot_viewer_answers_social_identity_id_social_identities_id_fk" FOREIGN KEY ("social_identity_id") REFERENCES "public"."social_identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_viewer_answers" ADD CONSTRAINT "chatbot_viewer_answers_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_discounts" ADD CONSTRAINT "cart_discounts_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_discounts" ADD CONSTRAINT "cart_discounts_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_discounts" ADD CONSTRAINT "cart_discounts_social_identity_id_social_identities_id_fk" FOREIGN KEY ("social_identity_id") REFERENCES "public"."social_identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_discounts" ADD CONSTRAINT "cart_discounts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chatbot_session_answers_session_idx" ON "chatbot_session_answers" USING btree ("session_id");--> statement-breakpoint
ALTER TABLE "live_comments" ADD CONSTRAINT "live_comments_outcome_check" CHECK ("live_comments"."outcome" in ('cart', 'waiting', 'chatbot', 'blocked', 'answered', 'no_match', 'ignored', 'rejected', 'error'));--> statement-breakpoint
-- The system replies become one per event the live engine answers, with new names and
-- placeholders; until now only the platform's seeded defaults existed (no seller could write
-- one): they are written again at start by seed-reference.ts.
DELETE FROM "chatbot_messages" WHERE "type" = 'system';
