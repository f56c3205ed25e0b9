-- 0035 catalogue change notifications (issue 23): every instance keeps the
-- answers of VenueMenuRef (which menu a venue serves, at which version, and
-- the version of the venue's sold-out list) instead of reading them on every
-- menu/list and price quote, until something changes. A change made by any
-- instance to schemes, venues or menus (a menu's content bumps its version,
-- a venue's sold-out list its soldout_version) sends catalog_changed at
-- commit, and every listening instance drops what it kept
-- (internal/store/refcache.go). Statement-level: one notification per
-- statement, and PostgreSQL folds identical ones of a transaction into one.
CREATE FUNCTION platter_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('catalog_changed', '');
    RETURN NULL;
END
$$;

CREATE TRIGGER schemes_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON schemes
    FOR EACH STATEMENT EXECUTE FUNCTION platter_catalog_changed();
CREATE TRIGGER venues_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON venues
    FOR EACH STATEMENT EXECUTE FUNCTION platter_catalog_changed();
CREATE TRIGGER menus_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON menus
    FOR EACH STATEMENT EXECUTE FUNCTION platter_catalog_changed();
