import "@/i18n";
import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ConfirmDialog } from "./confirm-dialog";
import { Dialog } from "./dialog";

describe("Dialog (docs/product.md §4, §9)", () => {
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

  it("focuses a form's first field when it opens, not the close icon", () => {
    render(
      <Dialog open onHide={() => {}} title="Add New Address" footer={<button type="button">Next</button>}>
        <form>
          <input type="hidden" name="id" />
          <label>
            Street <input name="street" />
          </label>
          <input name="city" aria-label="City" />
        </form>
      </Dialog>,
    );
    expect(document.activeElement).toBe(screen.getByLabelText("Street"));
  });

  it("focuses the least destructive action of a confirmation", () => {
    render(
      <ConfirmDialog
        open
        title="Delete the address?"
        message="Home will be deleted."
        confirmLabel="Delete"
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cancel" }));
  });

  it("focuses the title of a dialog without fields", () => {
    render(
      <Dialog open onHide={() => {}} title="Your basket" footer={<button type="button">Checkout</button>}>
        <p>Nothing yet</p>
      </Dialog>,
    );
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Your basket" }));
  });

  it("does not close when a text selection started inside ends on the backdrop", () => {
    const onHide = vi.fn();
    render(
      <Dialog open onHide={onHide} title="Add New Address">
        <input aria-label="Street" defaultValue="1 Dean Street" />
      </Dialog>,
    );
    const dialog = document.querySelector("dialog")!;
    // Pointer down in the input, up over the backdrop: the browser clicks the <dialog>.
    fireEvent.pointerDown(screen.getByLabelText("Street"));
    fireEvent.click(dialog);
    expect(onHide).not.toHaveBeenCalled();
    // A real click on the backdrop (down and up there) still closes it.
    fireEvent.pointerDown(dialog);
    fireEvent.click(dialog);
    expect(onHide).toHaveBeenCalledTimes(1);
  });
});
