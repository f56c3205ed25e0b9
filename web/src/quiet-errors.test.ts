import { afterEach, describe, expect, it } from "vitest";

const RealError = globalThis.Error;
afterEach(() => {
  globalThis.Error = RealError;
});

describe("quiet-errors", () => {
  it("makes stackless errors that are still Errors until restoreErrors()", async () => {
    const { restoreErrors } = await import("./quiet-errors");
    expect(globalThis.Error).not.toBe(RealError);
    const made = Error("sentinel", { cause: 7 });
    expect(made).toBeInstanceOf(RealError);
    expect(made.message).toBe("sentinel");
    expect(made.cause).toBe(7);
    expect(made.stack).toBeUndefined();
    expect(new Error("with new")).toBeInstanceOf(RealError);
    restoreErrors();
    expect(globalThis.Error).toBe(RealError);
    expect(new Error("real").stack).toContain("real");
  });
});
