-- The catalogue's version per seller (catalogue_versions): every statement that inserts, updates
-- or deletes products moves the version of each seller it touched, once per statement (an import
-- of a thousand products moves it once). The live claim compares it at each post with the version
-- its cached catalogue was read under; stock lives in product_configurations and never moves it.
CREATE OR REPLACE FUNCTION products_catalogue_touch()
RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO catalogue_versions AS v (seller_id, version)
    SELECT DISTINCT o.seller_id, 1 FROM old_rows o ORDER BY 1
    ON CONFLICT (seller_id) DO UPDATE SET version = v.version + 1;
  ELSE
    INSERT INTO catalogue_versions AS v (seller_id, version)
    SELECT DISTINCT n.seller_id, 1 FROM new_rows n ORDER BY 1
    ON CONFLICT (seller_id) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER products_catalogue_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_catalogue_touch();
CREATE OR REPLACE TRIGGER products_catalogue_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_catalogue_touch();
CREATE OR REPLACE TRIGGER products_catalogue_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION products_catalogue_touch();
