package httpapi

import "time"

// workerIdle is how long an idle call worker waits for the next call
// before it ends.
const workerIdle = 10 * time.Second

// workers runs each envelope call on a goroutine of its own (serveWithin
// must be able to answer 1503 while a call that ignores its deadline runs
// on), reusing goroutines that finished a call. A new goroutine starts with
// a small stack and grows it, copying, through the JSON decoder and the
// database driver: under load that copying was an eighth of menu/list's
// CPU. A worker keeps its grown stack for the next call (until the garbage
// collector shrinks an idle one). There is no bound: when no worker is idle
// a new one starts, as a plain goroutine would.
type workers struct {
	jobs chan func() // unbuffered: a send succeeds only when a worker is waiting
}

func newWorkers() *workers { return &workers{jobs: make(chan func())} }

// run starts f on an idle worker, or on a new one. f must not panic (the
// caller's f recovers and reports its panic itself).
func (p *workers) run(f func()) {
	select {
	case p.jobs <- f:
	default:
		go p.work(f)
	}
}

func (p *workers) work(f func()) {
	idle := time.NewTimer(workerIdle)
	defer idle.Stop()
	for {
		f()
		idle.Reset(workerIdle)
		select {
		case f = <-p.jobs:
		case <-idle.C:
			return
		}
	}
}
