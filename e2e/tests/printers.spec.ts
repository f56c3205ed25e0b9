import type { Page } from "@playwright/test";
import { MONDAY_NOON } from "./clock";
import { expect, test } from "./fixtures";
import { signInToBackOffice } from "./admin-helpers";
import { api, guest, paidOrder, someLines, SCHEME, VENUE } from "./orders-helpers";

/**
 * Kitchen printers (issue 22, docs/printers.md): the manager adds a Star CloudPRNT printer on the
 * venue's page and sees the URL to paste into it; a simulated printer (Node's fetch against that URL,
 * speaking CloudPRNT as the printer does) prints an order accepted on the board exactly once, and
 * once more after Reprint in the order's detail; the board shows the printer's status.
 */
test.use({ now: MONDAY_NOON });

/** A CloudPRNT printer: poll, fetch the job as text, confirm it; `printed` is every ticket it printed. */
class CloudPRNT {
  printed: string[] = [];
  constructor(private url: string) {}

  private async poll(status = "200 OK"): Promise<string | null> {
    const res = await fetch(this.url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        status: "23 86 00 00 00 00 00 00 00",
        printerMAC: "00:11:62:e2:e0:01",
        statusCode: status,
      }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { jobReady: boolean; jobToken?: string; mediaTypes?: string[] };
    if (body.jobReady) expect(body.mediaTypes).toContain("text/plain");
    return body.jobReady ? body.jobToken! : null;
  }

  /** Polls (twice at once, as a printer repeating itself) and prints until nothing is waiting. */
  async run(): Promise<string[]> {
    const now: string[] = [];
    for (let i = 0; i < 20; i++) {
      const [token, again] = await Promise.all([this.poll(), this.poll()]);
      expect(again).toBe(token); // the same job, whichever poll
      if (!token) return now;
      const job = await fetch(`${this.url}?type=text%2Fplain&token=${token}`);
      expect(job.status).toBe(200);
      const ticket = await job.text();
      now.push(ticket);
      this.printed.push(ticket);
      for (let n = 0; n < 2; n++) {
        // Confirmed twice: the second changes nothing.
        const done = await fetch(`${this.url}?code=200%20OK&token=${token}`, { method: "DELETE" });
        expect(done.status).toBe(200);
      }
      const after = await fetch(`${this.url}?type=text%2Fplain&token=${token}`);
      expect(after.status, "a confirmed job is never handed out again").toBe(404);
    }
    throw new Error("the printer never ran out of jobs");
  }
}

const ticketsOf = (tickets: string[], number: number) =>
  tickets.filter((t) => new RegExp(`^ORDER #${number}$`, "m").test(t));

async function addPrinter(page: Page, name: string): Promise<string> {
  await page.goto(`/${SCHEME}/admin/venues?venue=${VENUE}`);
  const section = page.getByTestId("printers");
  await expect(section.getByRole("heading", { name: "Printers" })).toBeVisible();
  await section.getByLabel("Printer name").fill(name);
  await section.getByLabel("Kind").selectOption({ label: "Star CloudPRNT" });
  await section.getByRole("button", { name: "Add printer" }).click();
  const row = section.getByTestId("printer").filter({ hasText: name });
  await expect(row).toContainText("Not connected yet");
  const url = await row.getByTestId("printer-url").inputValue();
  expect(url).toMatch(/\/api\/v3\/printers\/[0-9a-f]{48}$/);
  return url;
}

test.describe("Kitchen printers", () => {
  test("a printer added on the venue page prints an accepted order once, and a reprint once more", async ({
    page,
    request,
    baseURL,
  }) => {
    test.slow(); // the board, a venue page and a printer on a shared machine
    await signInToBackOffice(page, SCHEME);
    const name = `Pass ${Date.now() % 100000}`;
    const url = await addPrinter(page, name);
    const printer = new CloudPRNT(`${baseURL}${new URL(url).pathname}`);
    await printer.run(); // nothing of this order yet (only what others accepted at Soho since)

    const customer = await guest(request);
    const { lines } = await someLines(request);
    const id = await paidOrder(request, customer.token, lines, { order_note: "No sesame, allergy" });
    await page.goto(`/${SCHEME}/admin/board/${VENUE}`);
    const card = page.locator(`[data-testid="order-card"][data-order-id="${id}"]`);
    await expect(card).toBeVisible();
    const number = (await api(request, "orders/get", { filter: { id } }, customer.token))
      .order_number as number;
    expect(ticketsOf(await printer.run(), number), "nothing prints before the accept").toHaveLength(0);

    await card.getByRole("button", { name: "Accept" }).click();
    const dialog = page.getByRole("dialog", { name: `Accept order #${number}` });
    await dialog.getByLabel("15 min").check();
    await dialog.getByRole("button", { name: "Accept: ready in 15 minutes" }).click();
    await expect(page.getByTestId("column-preparing").locator(`[data-order-id="${id}"]`)).toBeVisible();

    const first = ticketsOf(await printer.run(), number);
    expect(first, "the accept prints exactly one ticket").toHaveLength(1);
    expect(first[0]).toContain("*** ALLERGY / DIET ***");
    expect(first[0]).toContain("10 Gower Street");
    expect(ticketsOf(await printer.run(), number), "and never again").toHaveLength(0);

    // The board shows the printer as it last polled.
    await page.reload();
    const status = page.getByTestId("board-printers").locator("li").filter({ hasText: name });
    await expect(status.getByTestId("printer-status")).toHaveAttribute("data-health", "online");

    await card.getByRole("button", { name: `#${number}` }).click();
    const detail = page.getByRole("dialog", { name: `Order #${number}` });
    await detail.getByRole("button", { name: "Reprint" }).click();
    await expect(detail.getByRole("status").filter({ hasText: /^Sent to \d+ printers?$/ })).toBeVisible();
    const copy = ticketsOf(await printer.run(), number);
    expect(copy, "a reprint prints one more").toHaveLength(1);
    expect(copy[0]).toContain("*** COPY ***");
    expect(ticketsOf(printer.printed, number)).toHaveLength(2);

    // Removed, the printer's URL answers nothing.
    await page.goto(`/${SCHEME}/admin/venues?venue=${VENUE}`);
    const row = page.getByTestId("printers").getByTestId("printer").filter({ hasText: name });
    await row.getByRole("button", { name: "Remove" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await expect(row).toHaveCount(0);
    const gone = await fetch(`${baseURL}${new URL(url).pathname}`, { method: "POST", body: "{}" });
    expect(gone.status).toBe(404);
  });
});
