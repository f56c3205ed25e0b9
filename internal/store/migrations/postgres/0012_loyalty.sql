-- 0012 loyalty (issue 11): stamps credited when an order is delivered or
-- collected, and the rewards they unlock.
--
-- stamp_credits has one row per credited order (its primary key): the
-- transition that credits inserts it with ON CONFLICT DO NOTHING and adds
-- to the balance only when the row is new, so an order is credited exactly
-- once however often or concurrently it is tried. The balance keeps the
-- stamps not yet turned into a reward: every stamps_per_reward of them
-- become one loyalty_rewards row in the same transaction.

CREATE TABLE stamp_credits (
    order_id   BIGINT PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
    scheme_id  BIGINT NOT NULL REFERENCES schemes (id) ON DELETE CASCADE,
    user_id    BIGINT NOT NULL REFERENCES users (id),
    stamps     BIGINT NOT NULL CHECK (stamps >= 0),
    created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE loyalty_balances (
    user_id    BIGINT NOT NULL REFERENCES users (id),
    scheme_id  BIGINT NOT NULL REFERENCES schemes (id) ON DELETE CASCADE,
    balance    BIGINT NOT NULL CHECK (balance >= 0),
    updated_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, scheme_id)
);

-- status: available → spent (by the order order_id, once it is paid).
CREATE TABLE loyalty_rewards (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    scheme_id  BIGINT NOT NULL REFERENCES schemes (id) ON DELETE CASCADE,
    user_id    BIGINT NOT NULL REFERENCES users (id),
    title      TEXT NOT NULL,
    status     TEXT NOT NULL CHECK (status IN ('available', 'spent')),
    order_id   BIGINT REFERENCES orders (id),
    created_at TIMESTAMPTZ NOT NULL,
    spent_at   TIMESTAMPTZ
);
CREATE INDEX loyalty_rewards_user ON loyalty_rewards (user_id, scheme_id, status);

-- The customer's language at prepare: the order's e-mails are written in it.
ALTER TABLE orders ADD COLUMN lang TEXT NOT NULL DEFAULT 'en-US';
