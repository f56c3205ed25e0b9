import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/api-error";
import { problemsOf } from "./problems";

describe("an import's problems", () => {
  it("are listed by JSON path in document order, the whole document first", () => {
    const error = new ApiError("Some fields are not valid.", {
      status: 400,
      code: 1000,
      fields: {
        "menus[0].categories[10].items[0].price": "must not be negative",
        "menus[0].categories[2].items[1].title": "required",
        document: "malformed JSON",
      },
    });
    expect(problemsOf(error)).toEqual([
      { path: "", message: "malformed JSON" },
      { path: "menus[0].categories[2].items[1].title", message: "required" },
      { path: "menus[0].categories[10].items[0].price", message: "must not be negative" },
    ]);
  });

  it("are none for an error that is not a validation", () => {
    expect(problemsOf(new ApiError("Forbidden", { status: 403, code: 1403 }))).toEqual([]);
    expect(problemsOf(new Error("x"))).toEqual([]);
  });
});
