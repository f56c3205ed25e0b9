import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { apiStub } from "@/test/render-route";
import { emptyAddressForm } from "../utils/address-form";
import { AddAddressDialog } from "./add-address-dialog";

// Leaflet needs a real layout; the map step's pin is stood in for here.
vi.mock("./map-pin", () => ({
  default: ({ lat, lng }: { lat: number; lng: number }) => (
    <div data-testid="address-map" data-lat={lat} data-lng={lng} />
  ),
}));

function wrap(children: ReactNode) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const krakow = {
  ...emptyAddressForm(),
  city: "Kraków",
  country: "PL",
  phoneCountry: "PL",
  latitude: 50.06,
  longitude: 19.94,
};

describe("AddAddressDialog", () => {
  let validNumber = false;
  beforeEach(() => {
    validNumber = false;
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith("user/validate-contact-number")) {
        const body = JSON.parse(String(init?.body)) as { filter: { contact_number: string } };
        return new Response(
          JSON.stringify({
            success: true,
            data: {
              is_valid: validNumber,
              e164: validNumber ? body.filter.contact_number.replace(/\s/g, "") : "",
            },
          }),
        );
      }
      return apiStub({
        "general/shake-hand": { success: true, data: { maps: { tile_url: "", attribution: "" } } },
      })(input);
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("goes to the map only when the form and the phone check pass, and saves from there", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => {});
    const onClose = vi.fn();
    render(wrap(<AddAddressDialog open initial={krakow} onClose={onClose} onSave={onSave} />));

    await user.click(screen.getByRole("button", { name: "Next" }));
    const errors = await screen.findByTestId("address-errors");
    expect(
      within(errors)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "Street name/Number is required",
      "Postcode is required",
      "Phone Number is required",
      "Email is required",
      "Address Name is required",
    ]);
    // Each message is under its field too, linked to the input (the auth screens' form kit).
    const street = screen.getByLabelText("Street name/Number");
    expect(street.getAttribute("aria-invalid")).toBe("true");
    const described = document.getElementById(street.getAttribute("aria-describedby")!.split(" ").at(-1)!);
    expect(described?.textContent).toBe("Street name/Number is required");
    // …and the list's entry leads to it.
    const link = within(errors).getByRole("link", { name: "Street name/Number is required" });
    await user.click(link);
    expect(document.activeElement).toBe(street);
    expect(screen.getByLabelText(/^Flat\/Building/).getAttribute("aria-invalid")).toBeNull();
    expect(screen.getByLabelText("Country")).toHaveProperty("value", "Poland");
    expect(screen.getByLabelText("Country code")).toHaveProperty("value", "PL");

    await user.type(screen.getByLabelText("Street name/Number"), "Rynek Główny 1");
    await user.type(screen.getByLabelText("Postcode"), "31-042");
    await user.type(screen.getByLabelText("Phone Number"), "12");
    await user.type(screen.getByLabelText("Email"), "ann@example.com");
    await user.type(screen.getByLabelText("Address Name"), "Home");
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(
      within(await screen.findByTestId("address-errors")).getByText("Phone Number is Incorrect"),
    ).toBeTruthy();
    const phone = screen.getByLabelText("Phone Number");
    expect(phone.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(phone.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Phone Number is Incorrect",
    );
    expect(screen.queryByTestId("address-map")).toBeNull();

    validNumber = true;
    await user.clear(screen.getByLabelText("Phone Number"));
    await user.type(screen.getByLabelText("Phone Number"), "512 345 678");
    await user.click(screen.getByRole("button", { name: "Next" }));
    const map = await screen.findByTestId("address-map");
    expect(map.dataset.lat).toBe("50.06");
    expect(screen.queryByTestId("address-errors")).toBeNull();
    // The Next button is gone: the focus moves to step 2's heading, and the step is announced.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Pin your location" })),
    );
    const step = screen.getByTestId("address-step");
    expect(step.getAttribute("aria-live")).toBe("polite");
    expect(step.textContent).toBe("Step 2 of 2");

    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByLabelText("Street name/Number")).toHaveProperty("value", "Rynek Główny 1");
    expect(document.activeElement).toBe(screen.getByLabelText("Street name/Number"));
    expect(step.textContent).toBe("Step 1 of 2");
    await user.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByTestId("address-map");
    await user.type(screen.getByLabelText("Instructions for the driver"), "Ring twice");
    await user.click(screen.getByRole("button", { name: "Save Address" }));

    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        line1: "Rynek Główny 1",
        city: "Kraków",
        country: "PL",
        postcode: "31-042",
        contact_number: "+48512345678",
        note: "Ring twice",
        name: "Home",
        latitude: 50.06,
        longitude: 19.94,
      }),
    );
    expect(onClose).toHaveBeenCalled();
  });

  it("keeps the dialog open on the form step with the server's messages when saving fails", async () => {
    const user = userEvent.setup();
    validNumber = true;
    const { ApiError } = await import("@/lib/api/api-error");
    const onSave = vi.fn(async () => {
      throw new ApiError("Postcode is required", {
        code: 1000,
        fields: { postcode: "x" },
        messages: ["Postcode is required"],
      });
    });
    const onClose = vi.fn();
    const filled = {
      ...krakow,
      line1: "Rynek 1",
      postcode: "31-042",
      phone: "512345678",
      email: "a@b.pl",
      name: "Home",
    };
    render(wrap(<AddAddressDialog open initial={filled} onClose={onClose} onSave={onSave} />));
    await user.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByTestId("address-map");
    await user.click(screen.getByRole("button", { name: "Save Address" }));
    expect(await screen.findByText("Postcode is required")).toBeTruthy();
    expect(screen.getByLabelText("Postcode").getAttribute("aria-invalid")).toBe("true");
    expect(onClose).not.toHaveBeenCalled();
  });
});
