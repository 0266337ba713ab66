-- PBO-FATs count their users (issue 17): the derived number 'Existing Users' follows
-- 'FAT Existing Users ID' in every PBO-FAT template that lacks it (at the end when the list
-- was renamed away), as the default template now has it. Nothing is stored on elements:
-- the value is computed from the list when read.
UPDATE element_templates t
SET attributes = (
      SELECT jsonb_agg(a.def ORDER BY a.ord)
      FROM (
        SELECT def, ord::numeric AS ord FROM jsonb_array_elements(t.attributes) WITH ORDINALITY AS x(def, ord)
        UNION ALL
        SELECT jsonb_build_object('name', 'Existing Users', 'inputType', 'number', 'required', false,
                                  'derived', true, 'key', 'existing_users'),
               coalesce((SELECT ord + 0.5 FROM jsonb_array_elements(t.attributes) WITH ORDINALITY AS y(def, ord)
                         WHERE def->>'name' = 'FAT Existing Users ID' LIMIT 1),
                        jsonb_array_length(t.attributes) + 1)
      ) a),
    updated_at = now()
WHERE t.type = 'PboFat'
  AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(t.attributes) d WHERE d->>'name' = 'Existing Users');
