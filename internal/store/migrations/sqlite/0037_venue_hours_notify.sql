-- 0037 (issue 23): on PostgreSQL, a change to venue_hours notifies
-- catalog_changed like schemes, venues and menus (0035). SQLite has nothing
-- to add: one process serves a SQLite database and moves its catalogue
-- generation after each commit itself (internal/store/refcache.go).
SELECT 1;
