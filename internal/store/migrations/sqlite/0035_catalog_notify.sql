-- 0035 catalogue change notifications (issue 23): on PostgreSQL, triggers
-- tell every instance that schemes, venues or menus changed. SQLite has
-- nothing to add: one process serves a SQLite database and moves its
-- catalogue generation after each commit itself (internal/store/refcache.go).
SELECT 1;
