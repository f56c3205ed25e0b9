import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const SRC = new URL("../../", import.meta.url);

/** Every source file under src/ (tests and the generated schema left out). */
function sources(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: "utf8" }).filter(
    (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith("schema.d.ts"),
  );
}

describe("user/info", () => {
  // Three fetchers under one query key answered differently depending on which
  // component asked first (one recorded the user in the auth store, two did not).
  it("is fetched by userInfoQueryOptions only, under its one key", () => {
    const callers = sources().filter((f) => {
      const text = readFileSync(new URL(f, SRC), "utf8");
      return text.includes('"user/info"') || /\["user",\s*"info"/.test(text);
    });
    expect(callers.map((f) => f.replaceAll("\\", "/"))).toEqual(["lib/api/get-user-info.ts"]);
  });
});
