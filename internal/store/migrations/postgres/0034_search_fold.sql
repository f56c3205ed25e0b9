-- 0034 folded search text (issue 21): staff find an order or a customer by
-- name or e-mail in any case and any alphabet ("łukasz" finds Łukasz).
-- SQLite's lower() folds ASCII only, and PostgreSQL's follows the
-- database's locale (ASCII only under C), so the server writes the folded
-- text beside the text (Unicode case folding and NFKC, the fold of e-mail
-- addresses: internal/store/search_fold.go), and searches read these
-- columns instead of lower(...). Rows written before are folded once by the
-- server at start-up (data_fixes 'search_fold_1').
--
-- orders.search_email is also how an erasure finds the guest orders placed
-- with the customer's address (it equals users.email_norm of that address).
ALTER TABLE orders ADD COLUMN search_email TEXT COLLATE "C" NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN search_name TEXT COLLATE "C" NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN search_last_name TEXT COLLATE "C" NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN search_name TEXT NOT NULL DEFAULT '';
DROP INDEX orders_search_email;
DROP INDEX orders_search_name;
DROP INDEX orders_search_last_name;
CREATE INDEX orders_search_email ON orders (scheme_id, search_email);
CREATE INDEX orders_search_name ON orders (scheme_id, search_name);
CREATE INDEX orders_search_last_name ON orders (scheme_id, search_last_name);
