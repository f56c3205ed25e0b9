/** A fake EventSource the test drives: open, deliver an event, fail. */
export class FakeSource {
  static all: FakeSource[] = [];
  url: URL;
  closed = false;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  listeners = new Map<string, (m: MessageEvent<string>) => void>();
  constructor(url: URL) {
    this.url = new URL(url);
    FakeSource.all.push(this);
  }
  addEventListener(type: string, f: (m: MessageEvent<string>) => void) {
    this.listeners.set(type, f);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, id: string, data: unknown) {
    this.listeners.get(type)?.({ lastEventId: id, data: JSON.stringify(data) } as MessageEvent<string>);
  }
}

/** The EventSource opened last. */
export const latest = () => FakeSource.all[FakeSource.all.length - 1]!;
