-- 0017 the mail worker's claim (store.ClaimMail: the first pending message
-- that is due and not leased, by id) walked every pending row through the
-- (status, next_attempt_at) index, read each row for its lease and sorted
-- them by id: under a steady stream of receipts, where the worker trails
-- the checkouts, that grew with the backlog and took a third of the
-- server's CPU. This index is in the claim's order and holds what it
-- checks, so a claim reads a few index entries; status first still serves
-- the pruning of old sent mail.
DROP INDEX mail_outbox_due;
CREATE INDEX mail_outbox_queue ON mail_outbox (status, id, next_attempt_at, lease_until);
