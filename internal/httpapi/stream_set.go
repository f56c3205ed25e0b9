package httpapi

import (
	"context"
	"net"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"platter/internal/notify"
	"platter/internal/ordering"
	"platter/internal/platter"
)

// How the open order streams of one instance are served, cheaply enough
// for tens of thousands of them (bench/streams.sh: ≤ 30 KB each):
//
//   - A stream is a hijacked connection: net/http's goroutine and buffers
//     are let go once the answer's header is written, and one goroutine of
//     ours, with a minimal stack, waits in a one-byte read to learn that
//     the client left. A stream holds no timer, ticker, channel or buffer.
//   - The streams of one order share one feed: one hub subscription, and
//     one read of the order_events table per wake-up, made by a small pool
//     of workers (not the streams' goroutines, whose stacks stay small);
//     the events are formatted once and written to each stream from the
//     id it has already sent.
//   - One sweeper writes the heartbeat of every stream that has been quiet
//     for a Heartbeat.
//
// A write that does not finish within streamWriteTimeout closes the
// connection: the client reconnects with Last-Event-ID and loses nothing.

// streamWorkers read and send the events of woken orders.
const streamWorkers = 4

// streamReadTimeout bounds one read of an order's events.
const streamReadTimeout = 10 * time.Second

// streamSet counts open streams, feeds them, and ends them all on shutdown.
type streamSet struct {
	limits StreamLimits
	hub    *notify.Hub
	events func(ctx context.Context, schemeID, orderID, after int64, limit int) ([]ordering.Event, error)

	mu      sync.Mutex
	total   int
	perUser map[int64]int
	feeds   map[int64]*orderFeed
	closed  bool

	qmu   sync.Mutex
	qcond *sync.Cond
	queue []*orderFeed

	start   sync.Once
	closing chan struct{}
	once    sync.Once
}

// orderFeed is the open streams of one order.
type orderFeed struct {
	schemeID, orderID int64
	sub               *notify.Sub
	streams           []*sseConn // guarded by streamSet.mu
	queued            atomic.Bool
}

// sseConn is one open stream.
type sseConn struct {
	conn   net.Conn
	userID int64
	mu     sync.Mutex // one writer at a time; guards dead
	dead   bool
	after  atomic.Int64 // the last event id sent
	last   atomic.Int64 // when it last wrote (Unix ns)
}

func newStreamSet(l StreamLimits, hub *notify.Hub) *streamSet {
	ss := &streamSet{limits: l.withDefaults(), hub: hub, perUser: map[int64]int{}, feeds: map[int64]*orderFeed{},
		closing: make(chan struct{})}
	ss.qcond = sync.NewCond(&ss.qmu)
	return ss
}

// acquire takes a place for a user's stream: 1429 over the user's cap,
// 1503 over the instance's or while it shuts down (both with Retry-After).
func (ss *streamSet) acquire(userID int64) error {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	switch {
	case ss.perUser[userID] >= ss.limits.PerUser:
		return &platter.Error{Code: platter.CodeRateLimited, Message: "stream.too_many_open",
			Params: map[string]string{"retry_after": "30"}}
	case ss.total >= ss.limits.Total || ss.closed:
		return &platter.Error{Code: platter.CodeUnavailable, Message: "stream.busy",
			Params: map[string]string{"retry_after": "5"}}
	}
	ss.perUser[userID]++
	ss.total++
	return nil
}

func (ss *streamSet) release(userID int64) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	ss.releaseLocked(userID)
}

func (ss *streamSet) releaseLocked(userID int64) {
	ss.total--
	if ss.perUser[userID]--; ss.perUser[userID] <= 0 {
		delete(ss.perUser, userID)
	}
}

// join adds an open stream (its place already acquired) to its order's
// feed and has the feed read, so the stream gets the events after its
// Last-Event-ID. Subscribing before that read means a commit between the
// read and the next wake-up still wakes the feed.
func (ss *streamSet) join(tk *ordering.Ticket, c *sseConn) *orderFeed {
	ss.start.Do(func() {
		for range streamWorkers {
			go ss.work()
		}
		go ss.sweep()
	})
	ss.mu.Lock()
	f := ss.feeds[tk.OrderID]
	if f == nil {
		f = &orderFeed{schemeID: tk.SchemeID, orderID: tk.OrderID}
		f.sub = ss.hub.SubscribeFunc(tk.OrderID, func() { ss.wake(f) })
		ss.feeds[tk.OrderID] = f
	}
	f.streams = append(f.streams, c)
	closed := ss.closed
	ss.mu.Unlock()
	if closed {
		c.kill()
	}
	ss.wake(f)
	return f
}

// wait is the stream's only goroutine: nothing more comes from the
// client, so a read ends when it leaves or when the stream is killed (a
// stalled write, shutdown); then the stream leaves the set.
func (ss *streamSet) wait(f *orderFeed, c *sseConn) {
	defer ss.leave(f, c)
	var b [1]byte
	for {
		if _, err := c.conn.Read(b[:]); err != nil {
			return
		}
	}
}

// leave removes a stream that has ended, frees its place and closes its
// connection; the last stream of an order ends the feed's subscription.
func (ss *streamSet) leave(f *orderFeed, c *sseConn) {
	c.kill()
	ss.mu.Lock()
	defer ss.mu.Unlock()
	for i, o := range f.streams {
		if o == c {
			f.streams[i] = f.streams[len(f.streams)-1]
			f.streams[len(f.streams)-1] = nil
			f.streams = f.streams[:len(f.streams)-1]
			break
		}
	}
	if len(f.streams) == 0 && ss.feeds[f.orderID] == f {
		delete(ss.feeds, f.orderID)
		ss.hub.Unsubscribe(f.sub)
	}
	ss.releaseLocked(c.userID)
}

// wake queues a feed for a worker, once however often it is woken before
// the worker takes it (the worker reads everything new when it does).
// The hub calls it under its lock: it only queues.
func (ss *streamSet) wake(f *orderFeed) {
	if !f.queued.CompareAndSwap(false, true) {
		return
	}
	ss.qmu.Lock()
	ss.queue = append(ss.queue, f)
	ss.qmu.Unlock()
	ss.qcond.Signal()
}

// next is the next feed to serve, or nil once the set is closing.
func (ss *streamSet) next() *orderFeed {
	ss.qmu.Lock()
	defer ss.qmu.Unlock()
	for len(ss.queue) == 0 {
		select {
		case <-ss.closing:
			return nil
		default:
		}
		ss.qcond.Wait()
	}
	f := ss.queue[0]
	ss.queue[0] = nil
	ss.queue = ss.queue[1:]
	return f
}

func (ss *streamSet) work() {
	for f := ss.next(); f != nil; f = ss.next() {
		ss.deliver(f)
	}
}

// deliver reads the order's events that some stream of it has not sent
// and sends each stream those after its own last id. A read that fails
// closes the order's streams: their clients reconnect from their last id.
func (ss *streamSet) deliver(f *orderFeed) {
	f.queued.Store(false) // a wake-up from now on queues the feed again
	ss.mu.Lock()
	streams := append([]*sseConn(nil), f.streams...)
	ss.mu.Unlock()
	if len(streams) == 0 {
		return
	}
	after := streams[0].after.Load()
	for _, c := range streams[1:] {
		after = min(after, c.after.Load())
	}
	ctx, cancel := context.WithTimeout(context.Background(), streamReadTimeout)
	defer cancel()
	for {
		evs, err := ss.events(ctx, f.schemeID, f.orderID, after, streamBatch)
		if err != nil {
			for _, c := range streams {
				c.kill()
			}
			return
		}
		if len(evs) == 0 {
			return
		}
		text, starts := formatEvents(evs)
		for _, c := range streams {
			c.send(evs, text, starts)
		}
		if len(evs) < streamBatch {
			return
		}
		after = evs[len(evs)-1].ID
	}
}

// sweep writes a heartbeat to every stream quiet for a Heartbeat, checking
// a few times a Heartbeat so none waits much longer than one.
func (ss *streamSet) sweep() {
	every := min(ss.limits.Heartbeat/4, time.Second)
	t := time.NewTicker(every)
	defer t.Stop()
	var all []*sseConn
	for {
		select {
		case <-ss.closing:
			return
		case now := <-t.C:
			all = all[:0]
			ss.mu.Lock()
			for _, f := range ss.feeds {
				all = append(all, f.streams...)
			}
			ss.mu.Unlock()
			quiet := now.Add(-ss.limits.Heartbeat).UnixNano()
			for _, c := range all {
				if c.last.Load() <= quiet {
					c.heartbeat()
				}
			}
			clear(all)
		}
	}
}

// close ends every stream (the server is shutting down): their clients
// reconnect, through the load balancer, to an instance still serving.
func (ss *streamSet) close() {
	ss.once.Do(func() {
		ss.mu.Lock()
		ss.closed = true
		var all []*sseConn
		for _, f := range ss.feeds {
			all = append(all, f.streams...)
		}
		ss.mu.Unlock()
		for _, c := range all {
			c.kill()
		}
		close(ss.closing)
		ss.qmu.Lock()
		ss.qcond.Broadcast()
		ss.qmu.Unlock()
	})
}

// write sends text within streamWriteTimeout; the caller holds c.mu.
func (c *sseConn) write(text []byte) error {
	_ = c.conn.SetWriteDeadline(time.Now().Add(streamWriteTimeout))
	_, err := c.conn.Write(text)
	if err == nil {
		c.last.Store(time.Now().UnixNano())
	}
	return err
}

// send writes the events after the stream's last id. text is every event
// formatted, starts[i] where event i begins in it.
func (c *sseConn) send(evs []ordering.Event, text []byte, starts []int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.dead {
		return
	}
	after := c.after.Load()
	i := sort.Search(len(evs), func(i int) bool { return evs[i].ID > after })
	if i == len(evs) {
		return
	}
	if c.write(text[starts[i]:]) != nil {
		c.killLocked()
		return
	}
	c.after.Store(evs[len(evs)-1].ID)
}

var heartbeatLine = []byte(": heartbeat\n\n")

func (c *sseConn) heartbeat() {
	if !c.mu.TryLock() {
		return // a worker is writing to it: not quiet
	}
	defer c.mu.Unlock()
	if !c.dead && c.write(heartbeatLine) != nil {
		c.killLocked()
	}
}

// kill closes the connection: the stream's goroutine, waiting in a read,
// returns and the stream leaves the set.
func (c *sseConn) kill() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.killLocked()
}

func (c *sseConn) killLocked() {
	if !c.dead {
		c.dead = true
		_ = c.conn.Close()
	}
}

// formatEvents formats events once for every stream of the order.
func formatEvents(evs []ordering.Event) ([]byte, []int) {
	starts := make([]int, len(evs))
	var text []byte
	for i, e := range evs {
		starts[i] = len(text)
		text = append(text, formatEvent(e)...)
	}
	return text, starts
}
