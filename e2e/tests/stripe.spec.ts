import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHmac } from "node:crypto";
import { createWriteStream, mkdtempSync } from "node:fs";
import { createServer as createHttpServer, type Server } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { MONDAY_NOON } from "./clock";
import { expect, test } from "./fixtures";

/**
 * Checkout with PLATTER_PAYMENTS=stripe: a `platter serve` of its own against stripe-mock (built
 * from go.mod's tool dependency), the Payment Element from a stub Stripe.js served for
 * js.stripe.com (this machine has no internet; the stub answers like Stripe's test cards), and
 * the payment_intent.succeeded webhook posted by the test, signed as Stripe signs it. The page
 * must wait for that webhook before it shows the order.
 */
const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..", "..");
const WHSEC = "whsec_platter_e2e";

const STUB_STRIPE_JS = `(function () {
  function Stripe(key) {
    var input = null;
    var elements = {
      create: function () {
        return {
          mount: function (host) {
            input = document.createElement("input");
            input.setAttribute("aria-label", "Stripe test card number");
            host.appendChild(input);
          },
          destroy: function () { if (input) input.remove(); },
          on: function () {},
        };
      },
      update: function (o) { window.__stripeAmount = o.amount; },
      submit: function () {
        return Promise.resolve(input && input.value ? {} :
          { error: { type: "validation_error", message: "Your card number is incomplete." } });
      },
      getElement: function () { return null; },
    };
    return {
      elements: function (o) { window.__stripeElements = o; window.__stripeKey = key; return elements; },
      confirmPayment: function (o) {
        window.__stripeConfirms = (window.__stripeConfirms || 0) + 1;
        window.__stripeConfirm = { clientSecret: o.clientSecret, redirect: o.redirect };
        if (input.value.replace(/ /g, "") === "4000000000000002") {
          return Promise.resolve({ error: { type: "card_error", code: "card_declined",
            message: "Your card was declined." } });
        }
        return Promise.resolve({ paymentIntent: { id: o.clientSecret.split("_secret")[0], status: "succeeded" } });
      },
    };
  }
  Stripe.version = "endive";
  window.Stripe = Stripe;
})();`;

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.on("error", fail);
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      s.close(() => (typeof a === "object" && a ? ok(a.port) : fail(new Error("no port"))));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, what: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`${what} did not start`);
}

const children: ChildProcess[] = [];
let baseURL = "";
let stripeAPI = "";
let proxy: Server | undefined;
const createdIntents: string[] = [];

test.describe.configure({ mode: "serial", timeout: 180_000 });
test.use({ now: MONDAY_NOON });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const dir = mkdtempSync(join(tmpdir(), "platter-e2e-stripe-"));
  const mockBin = join(dir, "stripe-mock");
  const build = spawnSync("go", ["build", "-o", mockBin, "github.com/stripe/stripe-mock"], {
    cwd: root,
    encoding: "utf8",
    timeout: 200_000,
  });
  if (build.status !== 0) throw new Error(`build stripe-mock: ${build.stderr}`);
  const mockAddr = `127.0.0.1:${await freePort()}`;
  const mock = spawn(mockBin, ["-http-addr", mockAddr, "-https-addr", "127.0.0.1:0"], { stdio: "ignore" });
  children.push(mock);
  await waitFor(`http://${mockAddr}/v1/charges`, mock, "stripe-mock");
  stripeAPI = `http://${mockAddr}`;
  // stripe-mock gives every created PaymentIntent a new id (and one fixture client_secret that
  // does not name it), so the server's calls go through this recording proxy: the webhook the
  // test posts must name the intent the server really created for the order.
  const proxyPort = await freePort();
  proxy = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const hopByHop = ["host", "content-length", "transfer-encoding", "connection", "keep-alive", "accept-encoding"];
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => !hopByHop.includes(k)),
      ) as Record<string, string>;
      const upstream = await fetch(`${stripeAPI}${req.url}`, {
        method: req.method,
        headers,
        body: req.method === "GET" || req.method === "HEAD" ? undefined : Buffer.concat(chunks),
      });
      const body = Buffer.from(await upstream.arrayBuffer());
      if (req.method === "POST" && req.url === "/v1/payment_intents" && upstream.ok) {
        createdIntents.push((JSON.parse(body.toString("utf8")) as { id: string }).id);
      }
      res.writeHead(upstream.status, { "Content-Type": upstream.headers.get("content-type") ?? "application/json" });
      res.end(body);
    });
  });
  await new Promise<void>((ok) => proxy!.listen(proxyPort, "127.0.0.1", ok));

  const binary = resolve(here, "..", process.env.PLATTER_BIN ?? "../bin/platter");
  const port = await freePort();
  const env = {
    ...process.env,
    PLATTER_DATABASE_URL: `sqlite:${join(dir, "e2e.db")}`,
    PLATTER_ADDR: `127.0.0.1:${port}`,
    PLATTER_PUBLIC_URL: `http://127.0.0.1:${port}`,
    PLATTER_CLOCK: MONDAY_NOON,
    PLATTER_METRICS_ADDR: "off",
    PLATTER_SMTP_URL: "",
    PLATTER_PAYMENTS: "stripe",
    PLATTER_STRIPE_SECRET_KEY: "sk_test_e2e",
    PLATTER_STRIPE_PUBLISHABLE_KEY: "pk_test_e2e",
    PLATTER_STRIPE_WEBHOOK_SECRET: WHSEC,
    PLATTER_STRIPE_API_BASE: `http://127.0.0.1:${proxyPort}`,
  };
  const demo = spawnSync(binary, ["demo"], { env, encoding: "utf8", timeout: 120_000 });
  if (demo.status !== 0) throw new Error(`platter demo: ${demo.stderr}`);
  const log = createWriteStream(join(dir, "server.log"));
  const server = spawn(binary, ["serve"], { env, stdio: ["ignore", "pipe", "pipe"] });
  server.stdout.pipe(log);
  server.stderr.pipe(log);
  children.push(server);
  baseURL = `http://127.0.0.1:${port}`;
  await waitFor(`${baseURL}/readyz`, server, "platter serve");
});

test.afterAll(() => {
  proxy?.close();
  for (const child of children) child.kill("SIGKILL");
});

/** The PaymentIntent the server created last (through the recording proxy): the order's. */
function createdIntentId(): string {
  const id = createdIntents.at(-1);
  if (!id) throw new Error("the server created no PaymentIntent");
  return id;
}

/**
 * Posts a payment_intent.succeeded for the intent, signed with the webhook secret as Stripe does,
 * of the order's amount and currency (the server pays an order only by its total).
 */
async function postSucceeded(intent: string, orderId: number, amount: number, currency: string) {
  const t = Math.floor(Date.now() / 1000);
  const payload = JSON.stringify({
    id: `evt_e2e_${orderId}`,
    object: "event",
    type: "payment_intent.succeeded",
    created: t,
    data: {
      object: {
        id: intent,
        object: "payment_intent",
        status: "succeeded",
        amount,
        amount_received: amount,
        currency: currency.toLowerCase(),
        metadata: { order_id: String(orderId) },
      },
    },
  });
  const v1 = createHmac("sha256", WHSEC).update(`${t}.${payload}`).digest("hex");
  const response = await fetch(`${baseURL}/api/v3/payments/webhook/stripe`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": `t=${t},v1=${v1}` },
    body: payload,
  });
  expect(response.status).toBe(200);
}

async function openCheckout(page: Page) {
  await page.route("https://js.stripe.com/**", (route) =>
    route.fulfill({ contentType: "application/javascript", body: STUB_STRIPE_JS }),
  );
  await page.goto(`${baseURL}/demo-burgers/soho/menu`);
  await page.waitForFunction(
    () => !!JSON.parse(localStorage.getItem("venue") ?? "{}")?.state?.basket?.["demo-burgers"]?.soho,
  );
  await page.evaluate(() => {
    const v = JSON.parse(localStorage.getItem("venue")!);
    v.state.basket["demo-burgers"].soho.items = [
      { item_id: 30, qty: 1 },
      { item_id: 52, qty: 2 },
    ];
    localStorage.setItem("venue", JSON.stringify(v));
    const home = JSON.parse(localStorage.getItem("home") ?? '{"state":{},"version":0}');
    home.state.order_type = 1;
    localStorage.setItem("home", JSON.stringify(home));
  });
  await page.goto(`${baseURL}/demo-burgers/soho/checkout`);
  await expect(page.getByTestId("checkout-total")).toBeVisible({ timeout: 60_000 });
}

test("Stripe: a decline keeps the basket; 4242 pays once the webhook says so", async ({ page }) => {
  await openCheckout(page);
  await expect(page.getByLabel("Name on card")).toHaveCount(0); // no sandbox form
  const card = page.getByLabel("Stripe test card number");
  await expect(card).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __stripeKey: string }).__stripeKey)).toBe(
    "pk_test_e2e",
  );
  await page.getByLabel("First name").fill("Ann");
  await page.getByLabel("Email").fill("ann@example.com");
  const pay = page.getByRole("button", { name: /^Pay £/ });

  await card.fill("4000 0000 0000 0002");
  await pay.click();
  await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
  await expect(page).toHaveURL(/\/checkout$/);

  await card.fill("4242 4242 4242 4242");
  const prepared = page.waitForResponse((r) => r.url().endsWith("/api/v3/orders/prepare"));
  await pay.click();
  const body = (await (await prepared).json()) as {
    data: {
      order: { id: number };
      payment: { provider: string; client_secret: string; amount: number; currency: string };
    };
  };
  expect(body.data.payment.provider).toBe("stripe");
  const secret = body.data.payment.client_secret;
  expect(secret).toMatch(/^pi_.+_secret_/);
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (window as unknown as { __stripeConfirm?: { clientSecret: string } }).__stripeConfirm?.clientSecret,
      ),
    )
    .toBe(secret);
  await expect(page.getByText("Confirming your payment…")).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/); // not before the webhook
  await postSucceeded(
    createdIntentId(),
    body.data.order.id,
    body.data.payment.amount,
    body.data.payment.currency,
  );

  // Well within the page's own 30 s give-up, so it is the webhook's "paid" that moved it.
  await expect(page).toHaveURL(new RegExp(`/order-details/${body.data.order.id}$`), { timeout: 15_000 });
  await expect(page.getByTestId("order-status")).toHaveText("Waiting to be accepted");
  expect(
    await page.evaluate(() => (window as unknown as { __stripeConfirms: number }).__stripeConfirms),
  ).toBe(2);
  await page.screenshot({ path: test.info().outputPath("stripe-paid.png") });
});
