import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "@/i18n";
import { ApiError } from "@/lib/api/api-error";
import { ResendButton } from "./resend-button";

function renderButton(onResend: () => Promise<boolean>, initialSeconds = 0) {
  return render(<ResendButton onResend={onResend} initialSeconds={initialSeconds} />);
}

beforeEach(() => i18n.changeLanguage("en-US"));

describe("ResendButton", () => {
  it("waits a minute after a code was sent", () => {
    renderButton(async () => true, 60);
    const button = screen.getByTestId("resend-code") as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe("Send a new code in 60 s");
  });

  it("sends, says so, and starts the minute again", async () => {
    const onResend = vi.fn(async () => true);
    renderButton(onResend);
    const button = screen.getByTestId("resend-code") as HTMLButtonElement;
    expect(button.textContent).toBe("Send a new code");
    await userEvent.setup().click(button);
    expect(onResend).toHaveBeenCalledTimes(1);
    expect(await screen.findByText("We have sent you a new code.")).toBeTruthy();
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe("Send a new code in 60 s");
  });

  it("when rate limited, shows the server's message and waits its Retry-After", async () => {
    renderButton(async () => {
      throw new ApiError("Too many requests. Try again later.", { status: 429, code: 1429, retryAfter: 42 });
    });
    await userEvent.setup().click(screen.getByTestId("resend-code"));
    expect((await screen.findByRole("alert")).textContent).toBe("Too many requests. Try again later.");
    expect(screen.getByTestId("resend-code").textContent).toBe("Send a new code in 42 s");
  });
});
