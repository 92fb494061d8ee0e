-- Gives a user an in-app notification, in both languages (notifications/service.ts `notify`
-- calls it too, so a notification is written in one place).
CREATE OR REPLACE FUNCTION notifications_add(p_user integer, p_type text, p_title_fr text, p_title_en text,
  p_body_fr text, p_body_en text, p_link text, p_data jsonb)
RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_id integer;
BEGIN
  INSERT INTO notifications (user_id, type, title_fr, title_en, body_fr, body_en, link, data)
  VALUES (p_user, p_type, p_title_fr, p_title_en, p_body_fr, p_body_en, p_link, p_data)
  RETURNING id INTO v_id;
  RETURN v_id;
END;
$$;
