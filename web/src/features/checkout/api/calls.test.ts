import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const FEATURE = new URL("../", import.meta.url);

describe("checkout's calls", () => {
  // post<T>() takes the answer's type on trust; call() takes request and answer from api/openapi.yaml.
  it("all go through the typed call() of the API client", () => {
    const untyped = readdirSync(FEATURE, { recursive: true, encoding: "utf8" })
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      .filter((f) => /\bpost(<[^>]*>)?\(/.test(readFileSync(new URL(f, FEATURE), "utf8")));
    expect(untyped).toEqual([]);
  });
});
