CREATE TABLE "catalogue_versions" (
	"seller_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
