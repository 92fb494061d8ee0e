-- A live's comments are paged from their (session, time, id) index alone: the ids break the time's ties
-- (live/comments.ts cuts the page before reading the rows and their replies).
DROP INDEX "live_comments_session_time_idx";--> statement-breakpoint
CREATE INDEX "live_comments_session_time_idx" ON "live_comments" USING btree ("session_id","created_time","id");