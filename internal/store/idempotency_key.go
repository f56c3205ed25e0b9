//go:build !chaos_break_idempotency

package store

// keyLookupOff is true only in a binary built with -tags
// chaos_break_idempotency (idempotency_key_broken.go): bench/scale/chaos.sh
// runs one to prove its checker catches an order made twice.
const keyLookupOff = false

// storedKey is the idempotency key an order is stored under: the client's.
func storedKey(key string) string { return key }
