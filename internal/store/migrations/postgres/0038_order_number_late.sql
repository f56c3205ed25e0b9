-- 0038 (issue 23): on PostgreSQL prepare inserts the order without its
-- number and gives it one in its last statement, with its events
-- (txend.go, numberLater), so the scheme's counter row (order_numbers),
-- which every prepare of the scheme locks until its commit, is held for a
-- moment instead of for the whole transaction. No committed order is
-- without a number: the same transaction that inserts the row numbers it.
ALTER TABLE orders ALTER COLUMN order_number DROP NOT NULL;
