-- 0004 catalog ids: a catalogue that orders can reference forever (issue 8).
--
-- Orders keep item and modifier ids. So a re-import no longer deletes what a
-- document stops listing: it sets deleted_at, customers stop seeing the row,
-- and an order that names it still finds it. A row whose ref comes back in a
-- later document is undeleted with its old id.
--
-- An item is known by its ref within its menu (not its category), so moving
-- it between categories keeps its id; the same holds for modifier items
-- across modifier categories. items and modifier_items therefore carry
-- menu_id, and (menu_id, ref) is unique over every row, deleted or not: one
-- ref, one id, forever.
--
-- SQLite cannot add NOT NULL (without a default) or a composite foreign key
-- to an existing table, so triggers keep menu_id equal to the menu of the
-- row's category; PostgreSQL uses a composite foreign key instead.

ALTER TABLE menus ADD COLUMN deleted_at TIMESTAMP;
ALTER TABLE venues ADD COLUMN deleted_at TIMESTAMP;
ALTER TABLE categories ADD COLUMN deleted_at TIMESTAMP;
ALTER TABLE items ADD COLUMN deleted_at TIMESTAMP;
ALTER TABLE modifier_categories ADD COLUMN deleted_at TIMESTAMP;
ALTER TABLE modifier_items ADD COLUMN deleted_at TIMESTAMP;

ALTER TABLE items ADD COLUMN menu_id BIGINT REFERENCES menus (id) ON DELETE CASCADE;
UPDATE items SET menu_id = (SELECT c.menu_id FROM categories c WHERE c.id = items.category_id);
ALTER TABLE modifier_items ADD COLUMN menu_id BIGINT REFERENCES menus (id) ON DELETE CASCADE;
UPDATE modifier_items SET menu_id =
    (SELECT mc.menu_id FROM modifier_categories mc WHERE mc.id = modifier_items.modifier_category_id);

-- Before this step a ref had only to be unique in its category. Any repeat in
-- a menu keeps its row and id under "ref~id" (a ref no document can hold, so
-- the next import of a corrected document removes it like any other row).
UPDATE items SET ref = ref || '~' || id WHERE EXISTS
    (SELECT 1 FROM items o WHERE o.menu_id = items.menu_id AND o.ref = items.ref AND o.id < items.id);
UPDATE modifier_items SET ref = ref || '~' || id WHERE EXISTS
    (SELECT 1 FROM modifier_items o WHERE o.menu_id = modifier_items.menu_id AND o.ref = modifier_items.ref
        AND o.id < modifier_items.id);

CREATE UNIQUE INDEX items_menu_ref ON items (menu_id, ref);
CREATE UNIQUE INDEX modifier_items_menu_ref ON modifier_items (menu_id, ref);

CREATE TRIGGER items_menu_insert BEFORE INSERT ON items
WHEN NEW.menu_id IS NULL OR NEW.menu_id IS NOT (SELECT menu_id FROM categories WHERE id = NEW.category_id)
BEGIN SELECT RAISE(ABORT, 'items.menu_id must be the menu of the item''s category'); END;

CREATE TRIGGER items_menu_update BEFORE UPDATE OF menu_id, category_id ON items
WHEN NEW.menu_id IS NULL OR NEW.menu_id IS NOT (SELECT menu_id FROM categories WHERE id = NEW.category_id)
BEGIN SELECT RAISE(ABORT, 'items.menu_id must be the menu of the item''s category'); END;

CREATE TRIGGER modifier_items_menu_insert BEFORE INSERT ON modifier_items
WHEN NEW.menu_id IS NULL OR NEW.menu_id IS NOT
    (SELECT menu_id FROM modifier_categories WHERE id = NEW.modifier_category_id)
BEGIN SELECT RAISE(ABORT, 'modifier_items.menu_id must be the menu of the modifier category'); END;

CREATE TRIGGER modifier_items_menu_update BEFORE UPDATE OF menu_id, modifier_category_id ON modifier_items
WHEN NEW.menu_id IS NULL OR NEW.menu_id IS NOT
    (SELECT menu_id FROM modifier_categories WHERE id = NEW.modifier_category_id)
BEGIN SELECT RAISE(ABORT, 'modifier_items.menu_id must be the menu of the modifier category'); END;
