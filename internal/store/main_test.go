package store_test

import (
	"os"
	"testing"

	"platter/internal/store/storetest"
)

// TestMain reuses PostgreSQL test databases: each test still has one of its
// own, emptied by the test before it (storetest.RunReusing).
func TestMain(m *testing.M) { os.Exit(storetest.RunReusing(m)) }
