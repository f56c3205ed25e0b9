//go:build chaos_break_idempotency

package store

import (
	"crypto/rand"
	"encoding/hex"
)

// Built only with -tags chaos_break_idempotency, never for use: prepare no
// longer finds the order of its idempotency key (findOrderByKey finds
// nothing) and stores each order under a key of its own (the client's and
// a random suffix, so the unique index does not stop it either). A
// retried prepare then makes a second order, which bench/scale/chaos.sh's
// checker must report (bench/RESULTS.md records that it does).
const keyLookupOff = true

func storedKey(key string) string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return key + "#" + hex.EncodeToString(b[:])
}
