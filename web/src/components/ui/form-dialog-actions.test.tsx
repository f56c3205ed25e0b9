import "@/i18n";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { FormDialogActions } from "./form-dialog-actions";

describe("FormDialogActions", () => {
  it("submits the named form, cancels, and cannot submit twice while a save is under way", async () => {
    const onSubmit = vi.fn((e: SubmitEvent) => e.preventDefault());
    const onCancel = vi.fn();
    const { rerender } = render(
      <>
        <form id="f" onSubmit={(e) => onSubmit(e.nativeEvent as SubmitEvent)} />
        <FormDialogActions form="f" onCancel={onCancel} submitLabel="Save" />
      </>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onCancel).toHaveBeenCalledTimes(1);

    rerender(
      <>
        <form id="f" onSubmit={(e) => onSubmit(e.nativeEvent as SubmitEvent)} />
        <FormDialogActions form="f" onCancel={onCancel} submitLabel="Save" pending />
      </>,
    );
    expect((screen.getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
