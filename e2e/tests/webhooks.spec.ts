import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { MONDAY_NOON } from "./clock";
import { expect, test } from "./fixtures";
import { signInToBackOffice } from "./admin-helpers";
import { guest, paidOrder, SCHEME, someLines, staff, transition } from "./orders-helpers";

/**
 * Outbound webhooks (docs/architecture.md §11): a manager adds an endpoint
 * pointing at a receiver this test runs on 127.0.0.1 (the e2e servers run
 * with PLATTER_WEBHOOKS_ALLOW_PRIVATE=1, global-setup.ts), copies its secret,
 * an order is paid and accepted, and the receiver gets both events signed
 * with that secret; the log shows them delivered with 200, and "Send again"
 * sends one once more with the same webhook-id.
 */
// The order is placed through the API, whose server keeps its own clock: the open one.
test.use({ now: MONDAY_NOON });

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

async function receiver(): Promise<{ server: Server; url: string; got: Received[] }> {
  const got: Received[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      got.push({ headers: req.headers, body });
      res.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/hooks/${Date.now()}`, got };
}

/** The Standard Webhooks signature: v1, base64 HMAC-SHA256 of id.timestamp.body with the secret's key. */
function signed(secret: string, r: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const mac = createHmac("sha256", key)
    .update(`${String(r.headers["webhook-id"])}.${String(r.headers["webhook-timestamp"])}.${r.body}`)
    .digest("base64");
  return String(r.headers["webhook-signature"]).split(" ").includes(`v1,${mac}`);
}

test.describe("Webhooks", () => {
  let rx: Awaited<ReturnType<typeof receiver>>;
  test.beforeEach(async () => {
    rx = await receiver();
  });
  test.afterEach(async () => {
    await new Promise((done) => rx.server.close(done));
  });

  test("a manager adds an endpoint, an order's events arrive signed, the log shows 200, redelivery", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await signInToBackOffice(page, SCHEME);
    await page
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Webhooks" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();

    await page.getByRole("button", { name: "Add endpoint" }).click();
    const dialog = page.getByRole("dialog", { name: "New webhook endpoint" });
    await dialog.getByLabel("URL").fill("http://169.254.169.254/latest/meta-data/");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText("This address leads to a private or reserved network")).toBeVisible();
    await dialog.getByLabel("URL").fill(rx.url);
    // Every event is chosen for a new endpoint; this one wants the order's.
    await dialog.getByRole("checkbox", { name: /Menu updated/ }).uncheck();
    await dialog.getByRole("checkbox", { name: /Support request raised/ }).uncheck();
    await dialog.getByRole("button", { name: "Save" }).click();

    const secretDialog = page.getByRole("dialog", { name: "Signing secret" });
    const secret = (await secretDialog.getByTestId("webhook-secret").textContent()) ?? "";
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    await secretDialog.getByRole("button", { name: "I have copied it" }).click();
    await expect(secretDialog).toHaveCount(0);
    // The secret is never shown again.
    await expect(page.getByText(secret)).toHaveCount(0);
    await page.getByRole("button", { name: `Show the deliveries to ${rx.url}` }).click();
    await expect(page.getByRole("heading", { name: `Deliveries to ${rx.url}` })).toBeVisible();
    await expect(page.getByText("Nothing has been sent to this endpoint yet.")).toBeVisible();

    const customer = await guest(request);
    const { lines } = await someLines(request);
    const orderId = await paidOrder(request, customer.token, lines);
    await transition(request, await staff(request, "manager@demo.test"), orderId, "accepted", {
      eta_minutes: 20,
    });

    await expect.poll(() => rx.got.length, { timeout: 30_000 }).toBe(2);
    const types = rx.got.map((r) => (JSON.parse(r.body) as { type: string }).type).sort();
    expect(types).toEqual(["order.paid", "order.status_changed"]);
    for (const r of rx.got) {
      expect(signed(secret, r), r.body).toBe(true);
      const body = JSON.parse(r.body) as { data: { order: { id: number; status: string } } };
      expect(body.data.order.id).toBe(orderId);
    }

    const log = page.getByTestId("webhook-delivery");
    await expect(log).toHaveCount(2, { timeout: 15_000 });
    await expect(log.getByTestId("webhook-code")).toHaveText(["200", "200"]);
    await expect(log.first()).toContainText("Order status changed");
    await expect(log.first()).toContainText("Delivered");

    const paid = rx.got.find((r) => r.body.includes('"order.paid"'))!;
    const id = String(paid.headers["webhook-id"]);
    await page.getByRole("button", { name: `Send ${id} again` }).click();
    await expect.poll(() => rx.got.length, { timeout: 30_000 }).toBe(3);
    expect(rx.got[2].headers["webhook-id"]).toBe(id);
    expect(rx.got[2].body).toBe(paid.body);
    expect(signed(secret, rx.got[2])).toBe(true);
    await expect(log.filter({ hasText: id })).toContainText("2 attempts", { timeout: 15_000 });

    // Off again, so the rest of the suite's orders are not sent to a receiver that is gone.
    await page.getByRole("button", { name: `Edit ${rx.url}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit webhook endpoint" });
    await edit.getByRole("checkbox", { name: "Send events to this endpoint" }).uncheck();
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(edit).toHaveCount(0);
    await expect(page.getByRole("row").filter({ hasText: rx.url })).toContainText("Off");

    // Where order data goes is on the record: Activity shows the endpoint
    // added and then switched off, by whom.
    await page
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Activity" })
      .click();
    await page.getByRole("combobox", { name: "Kind" }).selectOption({ label: "Webhooks" });
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    const changes = page.getByRole("list", { name: "Changes" }).getByRole("listitem");
    await expect(changes).toHaveCount(2);
    await expect(changes.first()).toContainText("Changed webhook");
    await expect(changes.last()).toContainText("Added webhook");
    await changes.first().getByText("Before and after").click();
    const on = changes
      .first()
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: "On", exact: true }) });
    await expect(on).toContainText("YesNo");
  });
});
