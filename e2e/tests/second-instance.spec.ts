import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import {
  freePort,
  platterBinary,
  runPlatter,
  serveEnv,
  startServe,
  type Serving,
} from "../platter-process";
import { MONDAY_NOON } from "./clock";
import { expect, test } from "./fixtures";
import { T } from "./storefront-helpers";

/**
 * Issue 20, "Done when": a price edit reaches an open storefront served by a second instance on
 * the same PostgreSQL without a server restart. Two `platter serve` of the binary under test share
 * one fresh PostgreSQL database (its own, dropped at the end, with `platter demo` in it). A customer
 * has Soho's menu open on instance B; a manager changes the cola's price in the menu editor on
 * instance A; the customer, a minute later, goes back to the stores and opens Soho again (the
 * storefront reads a menu again once its copy is a minute old) and sees the new price, while both
 * servers keep running. PostgreSQL is part of the suite (CI runs it): if it cannot be reached the
 * test fails, it does not skip.
 */
const execFileAsync = promisify(execFile);
const ADMIN_URL =
  process.env.PLATTER_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable";
const DB = `platter_e2e_${process.pid}_${Date.now().toString(36)}`;
const t = T["en-US"];

async function psql(sql: string) {
  try {
    await execFileAsync("psql", [ADMIN_URL, "-v", "ON_ERROR_STOP=1", "-q", "-c", sql], { timeout: 60_000 });
  } catch (error) {
    const e = error as { stderr?: string; message: string };
    throw new Error(`PostgreSQL at ${ADMIN_URL} (psql -c "${sql}"): ${e.stderr || e.message}`);
  }
}

/** The database URL: the admin URL with our database's name as its path. */
function databaseURL(): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB}`;
  return url.toString();
}

let dir = "";
let created = false;
const servers: Serving[] = [];

test.use({ now: MONDAY_NOON });
test.describe.configure({ timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const binary = platterBinary();
  dir = mkdtempSync(join(tmpdir(), "platter-e2e-two-"));
  await psql(`CREATE DATABASE ${DB}`);
  created = true;
  const ports = [await freePort(), await freePort()];
  const envs = ports.map((port) => serveEnv(port, databaseURL(), MONDAY_NOON, { PLATTER_SMTP_URL: "" }));
  await runPlatter(binary, ["demo"], envs[0]);
  // One after the other: both migrate the same database on start.
  for (const [i, env] of envs.entries()) servers.push(await startServe(binary, env, dir, `server-${"ab"[i]}.log`));
});

test.afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  if (created) await psql(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  if (dir && !process.env.PLATTER_E2E_KEEP) rmSync(dir, { recursive: true, force: true });
});

async function openSohoMenu(customer: Page) {
  await customer.getByRole("button", { name: t.pickup }).click();
  await customer.getByTestId("store-soho").getByRole("button", { name: t.orderHere }).click();
  await expect(customer).toHaveURL(/\/demo-burgers\/soho\/menu/);
}

test("a price edit on instance A reaches a storefront open on instance B, no restart", async ({
  page: customer,
  browser,
  now,
}) => {
  const [a, b] = servers;
  const cola = "Cola (330ml)";
  await customer.goto(`${b.baseURL}/demo-burgers/home`);
  await openSohoMenu(customer);
  await expect(customer.getByRole("button", { name: t.add(cola, "£2.49") })).toBeVisible();

  // The manager, in a browser of their own, on instance A.
  const office = await browser.newContext({ baseURL: a.baseURL });
  try {
    const manager = await office.newPage();
    await manager.clock.install({ time: new Date(now) });
    await manager.goto("/demo-burgers/admin/sign-in");
    await manager.getByLabel("Email").fill("manager@demo.test");
    await manager.getByLabel("Password", { exact: true }).fill("Platter-demo-1");
    await manager.getByRole("button", { name: "Sign in" }).click();
    await expect(manager).toHaveURL(/\/demo-burgers\/admin\/board\//);
    await manager.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Menu" }).click();
    await manager.getByRole("button", { name: cola, exact: true }).click();
    const form = manager.getByRole("form", { name: "Item" });
    await expect(form.getByLabel("Title")).toHaveValue(cola);
    await form.getByLabel("Price").fill("2.79");
    await form.getByLabel("Description").click(); // leaving the field saves it
    await expect(manager.getByText("All changes saved")).toBeVisible();
  } finally {
    await office.close();
  }

  // A minute later the customer goes back to the stores and opens Soho again: the page, still
  // the one served by B, reads the menu again and shows the price A's manager set.
  await customer.clock.fastForward("01:05");
  await customer.goBack();
  await expect(customer.getByTestId("store-soho")).toBeVisible();
  await customer.getByTestId("store-soho").getByRole("button", { name: t.orderHere }).click();
  await expect(customer.getByRole("button", { name: t.add(cola, "£2.79") })).toBeVisible();
  await expect(customer.getByRole("button", { name: t.add(cola, "£2.49") })).toHaveCount(0);
  expect(new URL(customer.url()).origin).toBe(b.baseURL);
});
