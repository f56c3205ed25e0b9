-- 0024 invitation names (issue 18): a driver invited from the back office's
-- Team page is invited with a name, so the board names them when assigning
-- an order; accepting the invitation gives a new account (or an existing one
-- without a name) that name.
ALTER TABLE staff_invitations ADD COLUMN first_name TEXT NOT NULL DEFAULT '';
ALTER TABLE staff_invitations ADD COLUMN last_name TEXT NOT NULL DEFAULT '';
