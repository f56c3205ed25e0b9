-- 0021 dated exceptions to a venue's opening hours and its delivery zones
-- (issue 20; docs/architecture.md §10).
--
-- exceptions: JSON list [{date, closed, ranges [{open, close}], order_types,
-- note}], each overriding the weekday's hours for its date in the venue's
-- zone (for the listed order types; none listed: all of them).
-- delivery_zones: JSON list [{name, radius_m | polygon (GeoJSON Polygon,
-- [lng, lat]), fee, minimum, free_over}]; empty: the venue's own radius,
-- fee, minimum and free-over apply. Both are what the import document
-- holds, written and compared whole like the venue's other lists.
ALTER TABLE venues ADD COLUMN exceptions TEXT NOT NULL DEFAULT '[]';
ALTER TABLE venues ADD COLUMN delivery_zones TEXT NOT NULL DEFAULT '[]';
