-- 0029 customer erasure (issue 21): a manager erases a customer's personal
-- data on request (UK GDPR / RODO; admin/customers/erase). The users row
-- stays, because orders name it and keep their money figures, but its
-- name, e-mail, phone and password are blanked and erased_at is set: the
-- account is left out of the customer list and can never sign in again.
-- email_norm becomes 'erased-<id>' (no '@', so no address typed at sign-in
-- or sign-up ever matches it, and the per-scheme unique index still holds):
-- a later sign-up with the same address is a new account.
ALTER TABLE users ADD COLUMN erased_at TIMESTAMPTZ;
