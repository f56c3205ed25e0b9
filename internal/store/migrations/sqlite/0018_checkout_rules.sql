-- 0018 checkout rules (issue 18).
--
-- kitchen_at: when the kitchen must start a pre-order to meet its slot
-- (slot − prep − delivery minutes, fixed at prepare; NULL for ASAP). A paid
-- order nobody accepted is rejected PLATTER_AUTO_REJECT_MINUTES after the
-- later of its payment and this (docs/architecture.md §6), so a pre-order
-- paid hours ahead is not refunded before its kitchen could start it.
-- Orders from before this step get their slot itself: later than the real
-- kitchen start, so never rejected too early.
ALTER TABLE orders ADD COLUMN kitchen_at TIMESTAMP;
UPDATE orders SET kitchen_at = preorder_for WHERE preorder_for IS NOT NULL;

-- client_key: who prepared an order as the unpaid-order cap counts clients
-- (a hash of the IP address, or of the IPv6 /64; never the address
-- itself). Open unpaid orders are counted per user and per client.
ALTER TABLE orders ADD COLUMN client_key TEXT NOT NULL DEFAULT '';
CREATE INDEX orders_client_unpaid ON orders (scheme_id, client_key, expires_at)
    WHERE payment_status IN ('requires_payment', 'processing', 'requires_action');
