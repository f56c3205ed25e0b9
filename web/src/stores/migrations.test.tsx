// A .tsx test so it runs in jsdom: the stores are rehydrated from a real localStorage.
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Scheme } from "@/lib/api/types";
import { OrderType } from "@/lib/enums";
import { burgersScheme } from "@/test/fixtures";
import { testStore } from "@/test/menu-fixtures";
import { AUTH_STORE_VERSION, migrateAuth, useAuthStore } from "./auth";
import { createDefaultBasket, type Basket } from "./basket";
import type { DeliveryAddress } from "./delivery-address";
import { GENERAL_STORE_VERSION, migrateGeneral, useGeneralStore } from "./general";
import { HOME_STORE_VERSION, initialHomeData, migrateHome, useHomeStore } from "./home";
import { initialVenueData, migrateVenue, useVenueStore, VENUE_STORE_VERSION } from "./venue";

/**
 * Each persisted store is read back from what earlier versions of the app left
 * in localStorage. Version 0 is the shape before stores had versions (zustand
 * wrote `"version":0`; an entry without one counts as 0 too).
 */

const soho = testStore();
const scheme: Scheme = { ...burgersScheme, name: "Demo Burgers", logo_url: "/logo.svg", stores: [soho] };

const address: DeliveryAddress = {
  line1: "1 Dean St",
  line2: "",
  city: "London",
  country: "GB",
  postcode: "W1D 3RB",
  contact_number: "+447911123456",
  email: "a@b.test",
  note: "ring twice",
  name: "Home",
  latitude: 51.51,
  longitude: -0.13,
};

const filledBasket: Basket = {
  items: [
    { item_id: 3, qty: 2 },
    { item_id: 1, qty: 1, modifiers: [{ modifier_item_id: 101, qty: 1 }] },
  ],
  orderDetail: {
    ...createDefaultBasket(OrderType.DELIVERY).orderDetail,
    order_note: "no onions",
    promocode: "WELCOME10",
    tip: 150,
    delivery_address: address,
    user_contact_number: "+447911123456",
    user_email: "a@b.test",
  },
};

function persist(key: string, state: unknown, version?: number) {
  localStorage.setItem(key, JSON.stringify(version === undefined ? { state } : { state, version }));
}

const stored = (key: string) =>
  JSON.parse(localStorage.getItem(key) ?? "null") as { state: unknown; version: number };

beforeEach(() => {
  localStorage.clear();
  useVenueStore.setState({ ...initialVenueData });
  useHomeStore.setState({ ...initialHomeData });
  useAuthStore.setState({ token: null, user: null, sessions: {} });
  useGeneralStore.setState({ language: "en-US", page: "", lastVersion: 0, lastStringVersion: "" });
});

describe("venue store migrations", () => {
  // What version 0 wrote: the whole venue/info scheme as currentScheme, the whole venue as currentVenue.
  const v0 = {
    schemes: { "demo-burgers": { scheme, lastUpdatedTime: "2026-11-01T10:00:00Z" } },
    currentScheme: scheme,
    currentVenue: soho,
    basket: { "demo-burgers": { soho: filledBasket, camden: createDefaultBasket(OrderType.PICKUP) } },
  };

  it.each([0, undefined])(
    "reads version %s: current scheme and venue shrink to docs/product.md §3, baskets stay",
    async (version) => {
      persist("venue", v0, version);
      await useVenueStore.persist.rehydrate();
      const state = useVenueStore.getState();
      expect(state.currentVenue).toEqual({ venue_slug: "soho" });
      expect(state.currentScheme).toMatchObject({
        business_slug: "demo-burgers",
        colour: "#e4002b",
        theme: 1,
        currency: "GBP",
      });
      expect(state.currentScheme).not.toHaveProperty("name");
      expect(state.currentScheme).not.toHaveProperty("loyalty");
      expect(state.currentScheme?.stores).toEqual([soho]);
      expect(state.schemes).toEqual(v0.schemes);
      expect(state.basket).toEqual(v0.basket);
      // Written back in the current shape, so the migration runs once.
      expect(stored("venue").version).toBe(VENUE_STORE_VERSION);
      expect((stored("venue").state as { currentVenue: unknown }).currentVenue).toEqual({
        venue_slug: "soho",
      });
    },
  );

  it("keeps every basket line and fills order-detail fields an old basket lacked", () => {
    const old = { items: [{ item_id: 7, qty: 3 }], orderDetail: { order_type: 1, order_note: "x" } };
    const out = migrateVenue({ basket: { "demo-burgers": { soho: old } } }, 0);
    expect(out.basket["demo-burgers"]?.soho).toEqual({
      items: [{ item_id: 7, qty: 3 }],
      orderDetail: { ...createDefaultBasket(OrderType.PICKUP).orderDetail, order_note: "x" },
    });
  });

  it("drops what cannot be read instead of failing, and keeps the rest", () => {
    const out = migrateVenue(
      {
        schemes: { "demo-burgers": { scheme, lastUpdatedTime: "t" }, broken: "x", other: { scheme } },
        currentScheme: "demo-burgers",
        currentVenue: 5,
        basket: { "demo-burgers": { soho: filledBasket, bad: null } },
      },
      0,
    );
    expect(Object.keys(out.schemes)).toEqual(["demo-burgers"]);
    expect(out.currentScheme).toBeNull();
    expect(out.currentVenue).toBeNull();
    expect(out.basket).toEqual({ "demo-burgers": { soho: filledBasket } });
    expect(migrateVenue(null, 0)).toEqual(initialVenueData);
  });

  it("starts empty from JSON it cannot parse", async () => {
    localStorage.setItem("venue", "{not json");
    await useVenueStore.persist.rehydrate();
    expect(useVenueStore.getState()).toMatchObject(initialVenueData);
  });
});

describe("home store migrations", () => {
  const v0 = {
    currentVenueName: "Soho",
    order_type: OrderType.DELIVERY,
    // Version 0 left this false for good after a closed venue had been viewed.
    is_asap: false,
    preorder_for: null,
    selectedAddress: 12,
    delivery_address: address,
    currentScheme: "demo-burgers",
  };

  it.each([0, undefined])(
    "reads version %s: back to ASAP (docs/product.md §3 default), every choice kept",
    async (version) => {
      persist("home", v0, version);
      await useHomeStore.persist.rehydrate();
      expect(useHomeStore.getState()).toMatchObject({ ...v0, is_asap: true, preorder_for: null });
      expect(stored("home")).toEqual({ state: { ...v0, is_asap: true }, version: HOME_STORE_VERSION });
    },
  );

  it("keeps a pre-order chosen in the current version", () => {
    const v1 = { ...v0, is_asap: false, preorder_for: "2026-11-23T12:30:00Z" };
    expect(migrateHome(v1, HOME_STORE_VERSION)).toEqual(v1);
  });

  it("fills what is missing or unreadable with the defaults", () => {
    expect(migrateHome({ order_type: 7, delivery_address: "x", selectedAddress: "12" }, 0)).toEqual(
      initialHomeData,
    );
    expect(
      migrateHome({ delivery_address: { line1: "1 Dean St", latitude: "51" } }, 0).delivery_address,
    ).toEqual({
      line1: "1 Dean St",
      line2: "",
      city: "",
      country: "",
      postcode: "",
      contact_number: "",
      email: "",
      note: "",
      name: "",
      latitude: null,
      longitude: null,
    });
  });
});

describe("general store migrations", () => {
  it.each([0, undefined])("reads version %s: the four persisted fields", async (version) => {
    persist(
      "general",
      { page: "menu", language: "pl-PL", lastVersion: 4, lastStringVersion: "4.0" },
      version,
    );
    await useGeneralStore.persist.rehydrate();
    expect(useGeneralStore.getState()).toMatchObject({
      page: "menu",
      language: "pl-PL",
      lastVersion: 4,
      lastStringVersion: "4.0",
    });
    expect(stored("general").version).toBe(GENERAL_STORE_VERSION);
  });

  it("falls back to English for an unknown language and never restores offers or the reward", () => {
    expect(
      migrateGeneral({ language: "xx-XX", offers: [{ id: 1 }], selectedRewardId: 3, lastVersion: "2" }, 0),
    ).toEqual({ page: "", language: "en-US", languages: {}, lastVersion: 0, lastStringVersion: "" });
  });
});

describe("auth store migrations", () => {
  it.each([0, undefined])("reads version %s: the session survives", async (version) => {
    const user = { email: "a@b.test", first_name: "Ada", business_slug: "demo-burgers" };
    persist("auth", { token: "tok-1", user }, version);
    await useAuthStore.persist.rehydrate();
    expect(useAuthStore.getState()).toMatchObject({ token: "tok-1", user });
    expect(stored("auth")).toEqual({
      state: { token: "tok-1", user, sessions: { "demo-burgers": { token: "tok-1", user } } },
      version: AUTH_STORE_VERSION,
    });
  });

  it("reads version 1: the one session becomes its scheme's", () => {
    const user = { email: "a@b.test", business_slug: "demo-pierogi" };
    expect(migrateAuth({ token: "tok-1", user }, 1)).toEqual({
      token: "tok-1",
      user,
      sessions: { "demo-pierogi": { token: "tok-1", user } },
    });
  });

  it("is signed out when the token is missing or not a string", () => {
    const none = { token: null, user: null, sessions: {} };
    expect(migrateAuth({ token: 5, user: { email: "a@b.test" } }, 0)).toEqual(none);
    expect(migrateAuth({ user: { email: "a@b.test" } }, 0)).toEqual(none);
  });
});

describe("at start-up", () => {
  // The app's stores hydrate (and migrate) the moment their module is first
  // evaluated, before anything else runs: load fresh copies of the modules
  // over version-0 storage, as a returning visitor's first page load does.
  beforeEach(() => vi.resetModules());

  it("every store comes up migrated from version 0, nothing lost", async () => {
    const home = {
      currentVenueName: "Soho",
      order_type: OrderType.DELIVERY,
      is_asap: false,
      preorder_for: null,
      selectedAddress: null,
      delivery_address: address,
      currentScheme: "demo-burgers",
    };
    persist("home", home, 0);
    persist(
      "venue",
      {
        schemes: {},
        currentScheme: scheme,
        currentVenue: soho,
        basket: { "demo-burgers": { soho: filledBasket } },
      },
      0,
    );
    persist("auth", { token: "tok-1", user: { email: "a@b.test" } }, 0);
    persist("general", { page: "", language: "pl-PL", lastVersion: 2, lastStringVersion: "2" }, 0);

    const [homeModule, venueModule, authModule, generalModule] = await Promise.all([
      import("./home"),
      import("./venue"),
      import("./auth"),
      import("./general"),
    ]);
    expect(homeModule.useHomeStore.getState()).toMatchObject({ ...home, is_asap: true });
    expect(venueModule.useVenueStore.getState()).toMatchObject({
      currentVenue: { venue_slug: "soho" },
      basket: { "demo-burgers": { soho: filledBasket } },
    });
    expect(authModule.useAuthStore.getState().token).toBe("tok-1");
    expect(generalModule.useGeneralStore.getState().language).toBe("pl-PL");
    for (const key of ["home", "venue"]) expect(stored(key).version).toBe(1);
    expect(stored("general").version).toBe(GENERAL_STORE_VERSION);
    expect(stored("auth").version).toBe(AUTH_STORE_VERSION);
  });
});
