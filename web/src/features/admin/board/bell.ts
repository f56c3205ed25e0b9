import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";

/**
 * The board's bell (Web Audio: nothing to download). Browsers start an
 * AudioContext suspended until the page gets a gesture, so the board shows
 * an "enable sound" control until a click has resumed it. Two sounds: a
 * bright double chime for orders waiting, a low falling tone while the
 * connection is lost.
 */
export type Ring = "order" | "reconnecting";

export const RING_EVERY_MS = 20_000;

/**
 * The device's "enable sound" choice, kept in localStorage: the board's own
 * chunk, a reload or a visit to another admin page must not switch the bell
 * off. A browser still wants a gesture before it plays sound in a fresh
 * document, so a board that remembers the choice resumes the audio at the
 * first touch or key press anywhere on the page (`useResumeSound`).
 */
export const SOUND_CHOICE_KEY = "board.sound";

export function soundWanted(): boolean {
  try {
    return localStorage.getItem(SOUND_CHOICE_KEY) === "on";
  } catch {
    return false;
  }
}

function rememberSound() {
  try {
    localStorage.setItem(SOUND_CHOICE_KEY, "on");
  } catch {
    // Private mode: the choice lasts as long as the page.
  }
}

type Listener = () => void;

class Bell {
  private context: AudioContext | null = null;
  private listeners = new Set<Listener>();
  /** How many times each sound has rung (the page shows it to tests, as data attributes). */
  rings: Record<Ring, number> = { order: 0, reconnecting: 0 };

  get enabled(): boolean {
    return this.context?.state === "running";
  }

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  private changed() {
    for (const l of [...this.listeners]) l();
  }

  /** Called from a click: creates or resumes the audio context, and remembers the choice. */
  async enable(): Promise<boolean> {
    rememberSound();
    return this.resume();
  }

  /** Creates or resumes the audio context (a browser refuses it before the page's first gesture). */
  async resume(): Promise<boolean> {
    try {
      const Ctor =
        window.AudioContext ??
        (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
      if (!Ctor) return false;
      this.context ??= new Ctor();
      this.context.onstatechange = () => this.changed();
      if (this.context.state !== "running") await this.context.resume();
    } catch {
      // No audio device: the board still shows and counts; it just cannot ring.
    }
    this.changed();
    return this.enabled;
  }

  ring(kind: Ring) {
    this.rings[kind] += 1;
    this.changed();
    const ctx = this.context;
    if (!ctx || ctx.state !== "running") return;
    const notes = kind === "order" ? [880, 1320, 880, 1320] : [440, 330];
    const step = kind === "order" ? 0.18 : 0.45;
    notes.forEach((frequency, i) => {
      const start = ctx.currentTime + i * step;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = kind === "order" ? "triangle" : "sine";
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.4, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + step * 0.95);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start);
      osc.stop(start + step);
    });
  }
}

/** One bell per page (an AudioContext is a scarce resource). */
export const bell = new Bell();

let snapshot = { enabled: false, order: 0, reconnecting: 0, wanted: false };
function read() {
  const next = {
    enabled: bell.enabled,
    order: bell.rings.order,
    reconnecting: bell.rings.reconnecting,
    wanted: bell.enabled || soundWanted(),
  };
  if (
    next.enabled !== snapshot.enabled ||
    next.wanted !== snapshot.wanted ||
    next.order !== snapshot.order ||
    next.reconnecting !== snapshot.reconnecting
  ) {
    snapshot = next;
  }
  return snapshot;
}

export function useBellState() {
  return useSyncExternalStore(bell.subscribe, read, read);
}

/**
 * Rings at once when `trigger` grows (a new order), and every 20 s while
 * `waiting` (orders not yet accepted); rings the reconnecting sound every
 * 20 s while `down`.
 */
export function useRinging({ waiting, trigger, down }: { waiting: boolean; trigger: number; down: boolean }) {
  const last = useRef(trigger);
  useEffect(() => {
    if (trigger > last.current) bell.ring("order");
    last.current = trigger;
  }, [trigger]);
  useEffect(() => {
    if (!waiting) return;
    const id = setInterval(() => bell.ring("order"), RING_EVERY_MS);
    return () => clearInterval(id);
  }, [waiting]);
  useEffect(() => {
    if (!down) return;
    bell.ring("reconnecting");
    const id = setInterval(() => bell.ring("reconnecting"), RING_EVERY_MS);
    return () => clearInterval(id);
  }, [down]);
}

/**
 * A board on which sound was enabled once, on this device, resumes it by
 * itself: at once when the browser allows (an earlier gesture in this
 * document, e.g. after a visit to another admin page), else at the first
 * pointer or key press, and again when the tab comes back to the front
 * (a tablet's browser may suspend audio in the background).
 */
export function useResumeSound() {
  useEffect(() => {
    if (!soundWanted()) return;
    const resume = () => {
      if (!bell.enabled) void bell.resume();
    };
    resume();
    const events = ["pointerdown", "keydown", "visibilitychange"] as const;
    events.forEach((e) => document.addEventListener(e, resume, { capture: true }));
    return () => events.forEach((e) => document.removeEventListener(e, resume, { capture: true }));
  }, []);
}

/** The "enable sound" control's action: the audio context, and permission for notifications. */
export function useEnableAlerts() {
  const [asked, setAsked] = useState(false);
  const enable = useCallback(async () => {
    await bell.enable();
    if (typeof Notification !== "undefined" && Notification.permission === "default" && !asked) {
      setAsked(true);
      try {
        await Notification.requestPermission();
      } catch {
        // Older browsers: the callback form; the board works without notifications.
      }
    }
  }, [asked]);
  return enable;
}
