import type { Page } from "@playwright/test";
import { signInToBackOffice } from "./admin-helpers";
import { expect, hexToRgb, test } from "./fixtures";

/**
 * The Brand page (issue 20): a manager uploads a logo and changes the main
 * colour in the back office; a customer's storefront then shows both — the
 * logo served from the upload's public variant, the colour on the brand band.
 * It works on e2e-hours (the suite's own scheme; global-setup.ts makes the
 * demo manager its manager too), so the demo brands other specs look at stay
 * as they are, and puts the brand back at the end.
 */
const SCHEME = "e2e-hours";
const ORIGINAL = "#1f4e9c";
const NEW_COLOUR = "#7b2cbf";
// A 48×48 PNG of one colour.
const LOGO = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAYAAABXAvmHAAAAZElEQVR4nO3PMQ0AIADAMJQgDMW4AhEcDcmO/d3Yc52fGxrQgAY0oAENaEADGtCABjSgAQ1oQAMa0IAGNKABDWhAAxrQgAY0oAENaEADGtCABjSgAQ1oQAMa0IAGNKABDWjAaxfHHDgtzE36GAAAAABJRU5ErkJggg==",
  "base64",
);

async function setMainColour(page: Page, hex: string) {
  const field = page.getByRole("textbox", { name: "Hex value of Main colour" });
  await field.fill(hex);
  await expect(page.getByTestId("brand-preview-light").getByTestId("themed-root")).toHaveAttribute(
    "style",
    new RegExp(`--colour: ${hex}`),
  );
}

test.describe("Brand", () => {
  test("a manager uploads a logo and changes the colour; the storefront shows both", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow(); // an upload's decode and a sign-in's hash on a shared machine
    await signInToBackOffice(page, SCHEME);
    await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Brand" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Brand" })).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("Round the Clock");

    await page
      .getByLabel("Upload a logo")
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: LOGO });
    const logo = page.getByTestId("logo-preview").locator("img");
    await expect(logo).toHaveAttribute("src", new RegExp(`^/api/v3/media/${SCHEME}/\\d+-128\\.png$`));
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(128);

    await setMainColour(page, NEW_COLOUR);
    // Both previews take it, the dark one in the dark theme.
    await expect(page.getByTestId("brand-preview-dark").getByTestId("themed-root")).toHaveAttribute(
      "data-theme",
      "dark",
    );
    await page.getByRole("button", { name: "Save the brand" }).click();
    await expect(page.getByText("Saved. The storefront shows the new brand now.")).toBeVisible();

    // A customer who never saw the scheme: the storefront in its new brand.
    const customer = await browser.newPage({ baseURL });
    try {
      await customer.goto(`/${SCHEME}/home`);
      await expect(customer.getByTestId("brand-hero")).toHaveCSS("background-color", hexToRgb(NEW_COLOUR));
      const header = customer.locator(".site-header img.scheme-logo");
      await expect(header).toHaveAttribute("src", new RegExp(`^/api/v3/media/${SCHEME}/\\d+-\\d+\\.png$`));
      await expect
        .poll(() => header.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
    } finally {
      await customer.close();
    }

    // Put the brand back for the next run (the logo removed, the colour restored).
    await page.getByRole("button", { name: "Remove the logo" }).click();
    await setMainColour(page, ORIGINAL);
    await page.getByRole("button", { name: "Save the brand" }).click();
    await expect
      .poll(async () => {
        const res = await page.request.post("/api/v3/venue/info", {
          data: { filter: { business_slug: SCHEME } },
        });
        const info = (await res.json()).data as { colour: string; logo_url: string };
        return `${info.colour} ${info.logo_url}`;
      })
      .toBe(`${ORIGINAL} `);
  });
});
