import "@/i18n";
import { render, screen } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { PhoneField } from "./phone-field";

function Phone({ country }: { country: string }) {
  const { register } = useForm({ defaultValues: { country, number: "" } });
  return (
    <PhoneField
      id="p"
      country={country}
      countryRegistration={register("country")}
      numberRegistration={register("number")}
    />
  );
}

describe("PhoneField (docs/product.md §9)", () => {
  it("shows the placeholder +44 while no country code is chosen", () => {
    render(<Phone country="" />);
    const shown = screen.getByTestId("dial-code-shown");
    expect(shown.textContent?.trim()).toBe("+44");
    expect(shown.querySelector(".phone-field__placeholder")).not.toBeNull();
    // The select says so too, and holds no country yet (the form must still ask for one).
    const select = screen.getByLabelText("Country code") as HTMLSelectElement;
    expect(select.value).toBe("");
    expect(select.selectedOptions[0]?.textContent).toBe("+44");
  });

  it("shows the chosen country's code and dial code otherwise", () => {
    render(<Phone country="PL" />);
    expect(screen.getByTestId("dial-code-shown").textContent?.replace(/\s+/g, " ").trim()).toBe("PL +48");
    expect(screen.getByTestId("dial-code-shown").querySelector(".phone-field__placeholder")).toBeNull();
  });
});
