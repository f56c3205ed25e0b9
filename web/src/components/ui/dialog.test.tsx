import "@/i18n";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Dialog } from "./dialog";

describe("Dialog (SPEC.md §4, §9)", () => {
  it("is open or closed only as the parent says, and shows a title only when given", () => {
    const { rerender } = render(
      <Dialog open={false} onHide={() => {}} title="Your basket">
        <p>inside</p>
      </Dialog>,
    );
    expect(screen.queryByText("inside")).toBeNull();
    rerender(
      <Dialog open onHide={() => {}} title="Your basket">
        <p>inside</p>
      </Dialog>,
    );
    expect(screen.getByText("inside")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Your basket" })).toBeTruthy();
    rerender(
      <Dialog open onHide={() => {}} ariaLabel="Untitled">
        <p>inside</p>
      </Dialog>,
    );
    expect(screen.queryByRole("heading")).toBeNull();
  });

  it("emits before-hide then hide from the close icon, and does not close itself", async () => {
    const calls: string[] = [];
    render(
      <Dialog open onHide={() => calls.push("hide")} onBeforeHide={() => calls.push("before-hide")} title="T">
        <p>inside</p>
      </Dialog>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(calls).toEqual(["before-hide", "hide"]);
    expect(screen.getByText("inside")).toBeTruthy();
  });

  it("has no close icon when persistent, and puts left/right dialogs on the side", () => {
    const onHide = vi.fn();
    const { container } = render(
      <Dialog open onHide={onHide} title="T" persistent position="right">
        <p>inside</p>
      </Dialog>,
    );
    expect(screen.queryByRole("button", { name: "Close" })).toBeNull();
    expect(container.querySelector("dialog")?.className).toContain("dialog--right");
  });
});
