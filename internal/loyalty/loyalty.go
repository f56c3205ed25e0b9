// Package loyalty holds a customer's stamp card (docs/architecture.md §5, docs/product.md §2):
// stamps credited when an order is delivered or collected, and the rewards
// every stamps_per_reward of them unlock. It knows nothing of HTTP or SQL.
package loyalty

import "time"

// Card is a customer's stamp card at a scheme: the stamps not yet turned
// into a reward, how many a reward takes, and the rewards still to use.
type Card struct {
	Balance   int64
	PerReward int
	Rewards   []Reward
}

// Reward is one unlocked reward.
type Reward struct {
	ID        int64
	Title     string
	CreatedAt time.Time
}
