-- 0037 (issue 23): every instance now also keeps the scheme and venue rows
-- the checkout reads (SchemeBySlug, VenueBySlug with the venue's opening
-- hours; internal/store/refcache.go) until the catalogue changes. 0035
-- notifies catalog_changed on changes to schemes, venues and menus; a
-- venue's hours live in venue_hours, so a change to them alone must tell
-- the other instances too.
CREATE TRIGGER venue_hours_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON venue_hours
    FOR EACH STATEMENT EXECUTE FUNCTION platter_catalog_changed();
