-- A daily bonus on a meeting, sale, e-mail or LinkedIn touch (decision 115), kept on the kind's row
-- (activity_types.bonus) and carried by an activity as an own type's is (bonus_points, no call flag).
-- Undoing an import's day settles it as a delete does: as migration 0068, with the day's types of
-- those kinds settled beside its own types (settle_type_bonus). A call's bonus stays the point rule's.
CREATE OR REPLACE FUNCTION delete_import_days(p_company uuid, p_import uuid, p_days json)
RETURNS TABLE (user_id text, day date, had_bonus boolean, deleted integer)
LANGUAGE plpgsql AS $$
DECLARE
  d record;
  v_types uuid[];
  v_type uuid;
BEGIN
  FOR d IN SELECT * FROM json_to_recordset(p_days) AS x(user_id text, day date) LOOP
    user_id := d.user_id;
    day := d.day;
    SELECT coalesce(bool_or(a.daily_bonus), false), array_agg(DISTINCT a.type_id) FILTER (WHERE a.type NOT IN ('call_answered', 'call_unanswered'))
      INTO had_bonus, v_types FROM activities a
     WHERE a.company_id = p_company AND a.user_id = d.user_id AND a.local_date = d.day AND a.import_id = p_import;
    PERFORM apply_import_days_to_daily_stats(p_company, p_import, json_build_array(json_build_object('user_id', d.user_id, 'day', d.day)), -1);
    DELETE FROM activities a
     WHERE a.company_id = p_company AND a.user_id = d.user_id AND a.local_date = d.day AND a.import_id = p_import;
    GET DIAGNOSTICS deleted = ROW_COUNT;
    UPDATE daily_user_stats s SET (sale_max, sale_min) = (
             SELECT max(a.ticket_size), min(a.ticket_size) FROM activities a
              WHERE a.company_id = p_company AND a.user_id = d.user_id AND a.local_date = d.day AND a.type = 'sale')
     WHERE s.company_id = p_company AND s.user_id = d.user_id AND s.day = d.day;
    FOREACH v_type IN ARRAY coalesce(v_types, '{}'::uuid[]) LOOP
      UPDATE activity_type_day_stats s SET (mins, maxes) = (
               SELECT e.mins, e.maxes FROM type_stats_extremes(s.company_id, s.user_id, s.day, s.type_id, s.outcome_id) e)
       WHERE s.company_id = p_company AND s.user_id = d.user_id AND s.day = d.day AND s.type_id = v_type;
      PERFORM settle_type_bonus(p_company, d.user_id, d.day, v_type, now());
    END LOOP;
    RETURN NEXT;
  END LOOP;
END
$$;
