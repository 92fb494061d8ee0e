DROP INDEX "shipping_methods_template_idx";--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "checklist_dismissed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_methods_seller_template_unique" ON "shipping_methods" USING btree ("template_id","seller_id") WHERE "shipping_methods"."template_id" IS NOT NULL;--> statement-breakpoint
-- The carrier catalogue a new platform starts with (the admin edits it from then on).
INSERT INTO "shipping_methods" ("seller_id", "name", "status")
SELECT NULL, v.name, true
FROM (VALUES ('Colissimo'), ('Mondial Relay'), ('Chronopost'), ('DPD'), ('GLS'), ('Colis Privé'),
             ('UPS'), ('DHL Express'), ('bpost'), ('Retrait en boutique')) AS v(name)
WHERE NOT EXISTS (SELECT 1 FROM "shipping_methods" c WHERE c."seller_id" IS NULL AND c."name" = v.name);
--> statement-breakpoint
-- A seller's method made before the catalogue becomes the copy of a catalogue entry of its name.
INSERT INTO "shipping_methods" ("seller_id", "name", "logo", "status")
SELECT DISTINCT ON (m."name") NULL, m."name", m."logo", true
FROM "shipping_methods" m
WHERE m."seller_id" IS NOT NULL AND m."template_id" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "shipping_methods" c WHERE c."seller_id" IS NULL AND c."name" = m."name")
ORDER BY m."name", m."id";
--> statement-breakpoint
UPDATE "shipping_methods" m SET "template_id" = c."id"
FROM "shipping_methods" c
WHERE m."seller_id" IS NOT NULL AND m."template_id" IS NULL AND c."seller_id" IS NULL AND c."name" = m."name";
