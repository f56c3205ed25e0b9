-- 0013 (issue 10): loyalty rewards at checkout, and the provider payments of
-- orders that ended unpaid.
--
-- orders.loyalty_reward_id is the customer's unlocked loyalty reward an
-- order is priced with (docs/architecture.md §5: a promo code or ONE reward). Prepare
-- only checks that the reward is available; the reward is spent when the
-- order is paid, by a conditional UPDATE of its row (status 'available' →
-- 'spent', order_id = the order), so of several orders priced with one
-- reward exactly one keeps it: an order paid after the reward was spent
-- elsewhere is cancelled and refunded in the same transaction.
ALTER TABLE orders ADD COLUMN loyalty_reward_id BIGINT REFERENCES loyalty_rewards (id);
CREATE INDEX loyalty_rewards_order ON loyalty_rewards (order_id);

-- payments.intent_cancel: '' nothing to do; 'due' the order ended unpaid and
-- its provider payment (a Stripe PaymentIntent) is to be cancelled at the
-- provider, after the commit (no network call inside a transaction);
-- 'done' it was.
ALTER TABLE payments ADD COLUMN intent_cancel TEXT NOT NULL DEFAULT '';
CREATE INDEX payments_intent_cancel ON payments (intent_cancel) WHERE intent_cancel = 'due';
