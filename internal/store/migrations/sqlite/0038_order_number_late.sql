-- 0038 (issue 23): PostgreSQL only (prepare numbers the order as its last
-- step, and the column may be NULL until then). SQLite has one writer at
-- a time, so prepare numbers the order as it inserts it, as before.
SELECT 1;
