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
-- ref, one id, forever. A composite foreign key keeps menu_id equal to the
-- menu of the row's category (SQLite uses triggers for the same rule).

ALTER TABLE menus ADD COLUMN deleted_at TIMESTAMPTZ;
ALTER TABLE venues ADD COLUMN deleted_at TIMESTAMPTZ;
ALTER TABLE categories ADD COLUMN deleted_at TIMESTAMPTZ;
ALTER TABLE items ADD COLUMN deleted_at TIMESTAMPTZ;
ALTER TABLE modifier_categories ADD COLUMN deleted_at TIMESTAMPTZ;
ALTER TABLE modifier_items ADD COLUMN deleted_at TIMESTAMPTZ;

ALTER TABLE items ADD COLUMN menu_id BIGINT;
UPDATE items i SET menu_id = c.menu_id FROM categories c WHERE c.id = i.category_id;
ALTER TABLE items ALTER COLUMN menu_id SET NOT NULL;
ALTER TABLE categories ADD CONSTRAINT categories_id_menu UNIQUE (id, menu_id);
ALTER TABLE items ADD CONSTRAINT items_category_menu FOREIGN KEY (category_id, menu_id)
    REFERENCES categories (id, menu_id) ON DELETE CASCADE;

ALTER TABLE modifier_items ADD COLUMN menu_id BIGINT;
UPDATE modifier_items mi SET menu_id = mc.menu_id FROM modifier_categories mc WHERE mc.id = mi.modifier_category_id;
ALTER TABLE modifier_items ALTER COLUMN menu_id SET NOT NULL;
ALTER TABLE modifier_categories ADD CONSTRAINT modifier_categories_id_menu UNIQUE (id, menu_id);
ALTER TABLE modifier_items ADD CONSTRAINT modifier_items_category_menu FOREIGN KEY (modifier_category_id, menu_id)
    REFERENCES modifier_categories (id, menu_id) ON DELETE CASCADE;

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
