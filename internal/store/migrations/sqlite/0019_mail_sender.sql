-- 0019 mail that is the scheme's (issue 19).
--
-- mail_outbox.from_name: the display name the message is sent under (the
-- scheme's name), on the operator's PLATTER_MAIL_FROM address, so SPF and
-- DKIM still hold; '' sends under PLATTER_MAIL_FROM's own name.
-- mail_outbox.reply_to: where a customer's reply goes ('' for no Reply-To).
-- schemes.reply_to: the scheme's optional Reply-To address (the import
-- document's reply_to); '' leaves mail without one.
ALTER TABLE mail_outbox ADD COLUMN from_name TEXT NOT NULL DEFAULT '';
ALTER TABLE mail_outbox ADD COLUMN reply_to TEXT NOT NULL DEFAULT '';
ALTER TABLE schemes ADD COLUMN reply_to TEXT NOT NULL DEFAULT '';
