/**
 * Error objects made while the entry chunk evaluates get no stack trace.
 *
 * React DOM makes a few Error objects when it loads (sentinels it throws and
 * catches by identity, never shows). With DevTools or Lighthouse attached, V8
 * records a detailed stack for every new Error, and for that it re-parses each
 * function on the stack that has no source positions yet: here React DOM's
 * whole module function and the whole entry chunk, about 80 % of the entry's
 * one long task (85–100 ms; four times that on Lighthouse's phone). Nobody
 * reads those stacks. main.tsx imports this first and calls restoreErrors()
 * once the imports are evaluated; `instanceof Error` still holds.
 */
const RealError = globalThis.Error;

function QuietError(this: unknown, message?: string, options?: ErrorOptions): Error {
  const error = Object.create(RealError.prototype) as Error;
  if (message !== undefined) error.message = String(message);
  if (options && "cause" in options) error.cause = options.cause;
  return error;
}
QuietError.prototype = RealError.prototype;

globalThis.Error = QuietError as unknown as ErrorConstructor;

export function restoreErrors() {
  globalThis.Error = RealError;
}
