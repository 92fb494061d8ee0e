-- A custom reply answering a live comment (live/sql/claim.sql calls it inside the claim of the
-- comment, after the viewer's identity, before the stock and the cart). Answers whether the reply
-- is sent, and why not:
--   'answered'          the viewer's answer is recorded, the live's counter and the reply's total
--                       went up by one: the reply goes out;
--   'already_answered'  this reply already answered this viewer in this live (once per viewer per
--                       reply per live);
--   'max_reached'       the reply answered its most comments of this live (`max_answer_count`);
--   'inactive'          switched off, deleted, or not the seller's.
-- Race-free across processes: the viewer's row is inserted first (ON CONFLICT DO NOTHING on its
-- primary key: a second claim of the same viewer waits for the first and then finds it), then
-- the live's counter is a conditional upsert (`answers < max`, re-checked on the row's latest
-- version under its lock): however many claims answer at once, at most `max` get 'answered'. A
-- viewer refused at the maximum is not recorded (a raised maximum answers them next time).
-- Locks: the message row (key share, then its total; `updated_at` is left alone, so the live
-- engine's cached chatbot stays valid), the viewer's row, the counter row (message, session).
CREATE OR REPLACE FUNCTION chatbot_answer(p_seller integer, p_session integer, p_message integer,
  p_identity integer, p_comment integer)
RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  v_active boolean;
  v_max integer;
  v_answers integer;
BEGIN
  -- FOR KEY SHARE: a delete of the reply waits for this claim, or has committed and the reply is
  -- gone ('inactive'); without it, a delete committed between this read and the insert below
  -- would fail the whole claim on the answer row's foreign key (the comment's order with it).
  SELECT m.active, m.max_answer_count INTO v_active, v_max FROM chatbot_messages m
  WHERE m.id = p_message AND m.seller_id = p_seller AND m.type = 'users'
  FOR KEY SHARE;
  IF NOT FOUND OR NOT v_active THEN
    RETURN 'inactive';
  END IF;
  IF v_max IS NOT NULL AND v_max < 1 THEN
    RETURN 'max_reached';
  END IF;

  INSERT INTO chatbot_viewer_answers (message_id, session_id, social_identity_id, seller_id, live_comment_id)
  VALUES (p_message, p_session, p_identity, p_seller, p_comment)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN 'already_answered';
  END IF;

  INSERT INTO chatbot_session_answers AS a (message_id, session_id, seller_id, answers)
  VALUES (p_message, p_session, p_seller, 1)
  ON CONFLICT (message_id, session_id) DO UPDATE SET answers = a.answers + 1
    WHERE v_max IS NULL OR a.answers < v_max
  RETURNING a.answers INTO v_answers;
  IF NOT FOUND THEN
    DELETE FROM chatbot_viewer_answers
    WHERE message_id = p_message AND session_id = p_session AND social_identity_id = p_identity;
    RETURN 'max_reached';
  END IF;

  UPDATE chatbot_messages SET answer_count = answer_count + 1 WHERE id = p_message;
  RETURN 'answered';
END;
$$;
