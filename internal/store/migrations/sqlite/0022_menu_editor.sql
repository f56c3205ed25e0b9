-- 0022 the back office's menu editor (issue 20; docs/architecture.md §10).
--
-- items.dayparts: JSON [{days [0..6], from "HH:MM", to "HH:MM"}] in the
-- venue's own zone; '[]' is all day. Outside them the item is listed as
-- unavailable and checkout refuses it.
-- items.image_id: the upload the picture came from (0: none or a plain
-- image_url of an import document).
ALTER TABLE items ADD COLUMN dayparts TEXT NOT NULL DEFAULT '[]';
ALTER TABLE items ADD COLUMN image_id BIGINT NOT NULL DEFAULT 0;

-- venue_soldout.until: a timed snooze. The override counts while the server
-- clock is before it and is ignored after, so the item comes back by itself
-- (no job); NULL lasts until switched off.
ALTER TABLE venue_soldout ADD COLUMN until_at TIMESTAMP;
