import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/api-error";
import { errorTarget, problemTarget } from "./errors";

describe("errorTarget", () => {
  it("puts a refusal beside the field it names, else by its code", () => {
    expect(problemTarget({ code: 3042, message: "x", field: "promocode" })).toBe("promo");
    expect(problemTarget({ code: 3011, message: "x", field: "delivery_address" })).toBe("address");
    expect(problemTarget({ code: 3105, message: "x" })).toBe("time");
    expect(errorTarget(new ApiError("x", { code: 1000, fields: { user_email: "Please enter…" } }))).toBe(
      "email",
    );
    expect(errorTarget(new ApiError("x", { code: 1000, fields: { "card.number": "bad" } }))).toBe("card");
    expect(errorTarget(new ApiError("Your card was declined.", { code: 3050 }))).toBe("card");
    expect(errorTarget(new ApiError("x", { code: 3012 }))).toBe("general");
    expect(errorTarget(new Error("network"))).toBe("general");
  });
});
