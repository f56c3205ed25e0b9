package store

import "context"

// writeRelaxed is write for a transaction whose commit need not have
// reached the disk when it returns. On SQLite it commits with
// synchronous=NORMAL (no fsync of the WAL): as atomic and as isolated as
// any other, and a crash of the server process loses nothing (the
// operating system has the write); only a power cut or a crash of the
// machine within a moment of the commit can lose it. And not alone: the
// WAL is written in commit order, so the next ordinary (durable) commit
// makes every relaxed commit before it durable too.
//
// Only for writes whose loss in a power cut leaves a state the design
// already recovers from. Their fsyncs were three of a checkout's five, and
// SQLite's one writer holds the write lock through each, so every other
// write waited for them:
//   - a payment claim (StartPayment): lost, the order is simply unclaimed,
//     as when a claim's lease runs out; the charge's outcome is recorded by
//     FinishPayment, durably, and carries the claim with it;
//   - the mail outbox's claims and outcomes: lost, the message is sent
//     again, as when a worker dies mid-send (delivery is at least once).
//
// Never for what a customer is told has happened: an order, a payment's
// outcome, an account.
//
// PostgreSQL commits these like any other: its writers do not queue behind
// one another's WAL flush (and concurrent commits share one), while
// SET LOCAL synchronous_commit = off would cost a round trip per
// transaction, which is CPU the checkout bench's two cores do not have.
func (db *DB) writeRelaxed(ctx context.Context, fn func(c conn) error) error {
	ctx, span := db.startTx(ctx, "write")
	err := db.writeRelaxedOnce(ctx, fn)
	endTx(span, err)
	return err
}

func (db *DB) writeRelaxedOnce(ctx context.Context, fn func(c conn) error) error {
	if db.dialect == Postgres {
		return db.writeRetry(ctx, fn)
	}
	// SQLite: the setting belongs to the connection (the one writer), so
	// the writer switches it for a group of relaxed writes only and back
	// before the connection serves anyone else (sqlite_writer.go); a relaxed
	// write grouped with a durable one is committed durably. SQLite's one
	// writer never conflicts, so no retry.
	fx := &afterCommit{}
	if err := db.writer.submit(ctx, fx.wrap(ctx, fn), true); err != nil {
		return err
	}
	db.committed(fx)
	return nil
}
