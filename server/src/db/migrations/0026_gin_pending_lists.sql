-- The Orders search's trigram indexes merge their pending lists in smaller steps (orders/tables.ts):
-- a storage parameter, set in place (no rebuild of the indexes).
ALTER INDEX "orders_number_search_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "orders_ship_name_search_idx" SET (gin_pending_list_limit = 256);
