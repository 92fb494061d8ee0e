CREATE TABLE "live_session_stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"video_id" varchar(64),
	"video_status" varchar(20),
	"comments_cursor" varchar(1024),
	"next_poll_at" timestamp with time zone,
	"polled_at" timestamp with time zone,
	"poll_failures" integer DEFAULT 0 NOT NULL,
	"poll_error" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_session_stores_session_store_unique" UNIQUE("session_id","store_id"),
	CONSTRAINT "live_session_stores_video_status_check" CHECK ("live_session_stores"."video_status" in ('live', 'ended')),
	CONSTRAINT "live_session_stores_poll_failures_check" CHECK ("live_session_stores"."poll_failures" >= 0)
);
--> statement-breakpoint
DROP INDEX "live_sessions_external_video_idx";--> statement-breakpoint
ALTER TABLE "live_comments" ADD COLUMN "platform" varchar(20) DEFAULT 'facebook' NOT NULL;--> statement-breakpoint
ALTER TABLE "live_comments" ADD COLUMN "store_id" integer;--> statement-breakpoint
ALTER TABLE "private_replies" ADD COLUMN "error_kind" varchar(20);--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "granted_scopes" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "username" varchar(255);--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "page_id" varchar(64);--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "sync_error" varchar(255);--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "webhooks_subscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "sandbox" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "live_session_stores" ADD CONSTRAINT "live_session_stores_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_session_stores" ADD CONSTRAINT "live_session_stores_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_session_stores" ADD CONSTRAINT "live_session_stores_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_session_stores_video_idx" ON "live_session_stores" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "live_session_stores_store_idx" ON "live_session_stores" USING btree ("store_id");--> statement-breakpoint
ALTER TABLE "live_comments" ADD CONSTRAINT "live_comments_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" DROP COLUMN "external_video_id";--> statement-breakpoint
ALTER TABLE "live_sessions" DROP COLUMN "comments_cursor";--> statement-breakpoint
ALTER TABLE "live_comments" ADD CONSTRAINT "live_comments_platform_check" CHECK ("live_comments"."platform" in ('facebook', 'instagram'));--> statement-breakpoint
ALTER TABLE "private_replies" ADD CONSTRAINT "private_replies_error_kind_check" CHECK ("private_replies"."error_kind" in ('token', 'refused'));--> statement-breakpoint
-- Each session's own store feeds it.
INSERT INTO "live_session_stores" ("session_id", "seller_id", "store_id")
SELECT "id", "seller_id", "store_id" FROM "live_sessions" WHERE "store_id" IS NOT NULL AND "deleted_at" IS NULL;
