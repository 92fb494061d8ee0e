CREATE TABLE "private_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"live_comment_id" integer NOT NULL,
	"text" text NOT NULL,
	"status" varchar(10) NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "private_replies_comment_unique" UNIQUE("live_comment_id"),
	CONSTRAINT "private_replies_status_check" CHECK ("private_replies"."status" in ('sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "private_replies" ADD CONSTRAINT "private_replies_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_replies" ADD CONSTRAINT "private_replies_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_replies" ADD CONSTRAINT "private_replies_live_comment_id_live_comments_id_fk" FOREIGN KEY ("live_comment_id") REFERENCES "public"."live_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "private_replies_session_idx" ON "private_replies" USING btree ("session_id","created_at");