import { beforeEach, describe, expect, it } from "vitest";
import type { Scheme } from "@/lib/api/types";
import { OrderType } from "@/lib/enums";
import { useAuthStore } from "./auth";
import { addItem, basketCount, createDefaultBasket, hasItem, removeItem, resetBasket } from "./basket";
import type { DeliveryAddress } from "./delivery-address";
import { NO_REWARD, migrateGeneral, pickLanguage, useGeneralStore } from "./general";
import { initialHomeData, useHomeStore } from "./home";
import { burgersScheme } from "@/test/fixtures";
import { testStore } from "@/test/menu-fixtures";
import { initialVenueData, orderTypeConflict, selectCurrentBasket, useVenueStore } from "./venue";

const address: DeliveryAddress = {
  line1: "1 Dean St",
  line2: "",
  city: "London",
  country: "GB",
  postcode: "W1D 3RB",
  contact_number: "+447911123456",
  email: "a@b.test",
  note: "",
  name: "Home",
  latitude: 51.51,
  longitude: -0.13,
};

const stored = (key: string) =>
  JSON.parse(localStorage.getItem(key) ?? "null") as { state: Record<string, unknown>; version: number };

describe("basket", () => {
  it("has the default shape of docs/product.md §3", () => {
    expect(createDefaultBasket(OrderType.PICKUP)).toEqual({
      items: [],
      orderDetail: {
        order_type: 1,
        order_id: 0,
        order_note: "",
        promocode: "",
        tip: 0,
        is_asap: true,
        preorder_for: null,
        delivery_address: null,
        user_contact_number: "",
        user_email: "",
      },
    });
  });

  it("resets everything, or keeps delivery address, contact number and email", () => {
    let basket = addItem(createDefaultBasket(OrderType.DELIVERY), { item_id: 7, qty: 2 });
    basket = {
      ...basket,
      orderDetail: {
        ...basket.orderDetail,
        promocode: "WELCOME10",
        tip: 200,
        order_note: "no onions",
        delivery_address: address,
        user_contact_number: "+447911123456",
        user_email: "a@b.test",
      },
    };
    expect(resetBasket(basket)).toEqual(createDefaultBasket(OrderType.DELIVERY));
    const kept = resetBasket(basket, { keepContact: true });
    expect(kept.items).toEqual([]);
    expect(kept.orderDetail).toEqual({
      ...createDefaultBasket(OrderType.DELIVERY).orderDetail,
      delivery_address: address,
      user_contact_number: "+447911123456",
      user_email: "a@b.test",
    });
  });

  it("merges identical lines, keeps lines with other modifiers apart, and removes by item", () => {
    let basket = createDefaultBasket();
    basket = addItem(basket, { item_id: 1, qty: 1 });
    basket = addItem(basket, { item_id: 1, qty: 2 });
    basket = addItem(basket, { item_id: 1, qty: 1, modifiers: [{ modifier_item_id: 9, qty: 1 }] });
    expect(basket.items).toHaveLength(2);
    expect(basketCount(basket)).toBe(4);
    expect(hasItem(basket, 1)).toBe(true);
    expect(hasItem(removeItem(basket, 1), 1)).toBe(false);
  });
});

describe("venue store", () => {
  const store = testStore({ venue_slug: "soho", order_types: [0, 1] });
  const pickupOnly = testStore({ venue_slug: "camden", name: "Camden", order_types: [1] });
  const scheme: Scheme = { ...burgersScheme, stores: [store, pickupOnly] };

  beforeEach(() => useVenueStore.setState({ ...initialVenueData }));

  it("keeps schemes by business_slug with their lastUpdatedTime; the current scheme is docs/product.md §3's fields", () => {
    useVenueStore.getState().setScheme(scheme, "2026-01-01T00:00:00Z");
    const state = useVenueStore.getState();
    expect(state.schemes["demo-burgers"]).toEqual({ scheme, lastUpdatedTime: "2026-01-01T00:00:00Z" });
    expect(Object.keys(state.currentScheme ?? {}).sort()).toEqual(
      [
        "business_slug",
        "colour",
        ...Array.from({ length: 16 }, (_, i) => `colour${i + 1}`),
        "currency",
        "stores",
        "theme",
      ].sort(),
    );
    expect(state.currentScheme).toMatchObject({
      business_slug: "demo-burgers",
      colour1: "1a1a1a",
      stores: scheme.stores,
    });
  });

  it("creates a default basket, keyed by scheme then venue, when a venue is set; the venue is its slug", () => {
    const { setScheme, setCurrentVenue } = useVenueStore.getState();
    setScheme(scheme, "t");
    setCurrentVenue(store, OrderType.PICKUP);
    expect(useVenueStore.getState().currentVenue).toEqual({ venue_slug: "soho" });
    expect(useVenueStore.getState().basket["demo-burgers"]?.["soho"]).toEqual(
      createDefaultBasket(OrderType.PICKUP),
    );
    useVenueStore.getState().updateBasket((b) => addItem(b, { item_id: 3, qty: 1 }));
    // Setting the venue again does not replace an existing basket.
    useVenueStore.getState().setCurrentVenue(store, OrderType.DELIVERY);
    expect(selectCurrentBasket(useVenueStore.getState())?.items).toEqual([{ item_id: 3, qty: 1 }]);
    useVenueStore.getState().resetBasket();
    expect(selectCurrentBasket(useVenueStore.getState())?.items).toEqual([]);
  });

  it("gives a venue that does not offer the chosen order type a basket of the type it offers", () => {
    useVenueStore.getState().setScheme(scheme, "t");
    useVenueStore.getState().setCurrentVenue(pickupOnly, OrderType.DELIVERY);
    expect(selectCurrentBasket(useVenueStore.getState())?.orderDetail.order_type).toBe(OrderType.PICKUP);
  });

  it("moves an empty basket to the venue's order type, but one with items only after confirmation", () => {
    const delivery = createDefaultBasket(OrderType.DELIVERY);
    const filled = addItem(delivery, { item_id: 3, qty: 2 });
    useVenueStore.getState().setScheme(scheme, "t");
    useVenueStore.setState({ basket: { "demo-burgers": { camden: delivery } } });
    useVenueStore.getState().setCurrentVenue(pickupOnly, OrderType.DELIVERY);
    expect(selectCurrentBasket(useVenueStore.getState())?.orderDetail.order_type).toBe(OrderType.PICKUP);

    useVenueStore.setState({ basket: { "demo-burgers": { camden: filled } } });
    useVenueStore.getState().setCurrentVenue(pickupOnly, OrderType.DELIVERY);
    const kept = selectCurrentBasket(useVenueStore.getState());
    expect(kept).toEqual(filled);
    expect(orderTypeConflict(kept, pickupOnly, OrderType.DELIVERY)).toBe(OrderType.PICKUP);
    expect(orderTypeConflict(kept, store, OrderType.DELIVERY)).toBeNull();
    expect(orderTypeConflict(delivery, pickupOnly, OrderType.DELIVERY)).toBeNull();
  });

  it("forgets the current venue when another scheme becomes current", () => {
    useVenueStore.getState().setScheme(scheme, "t");
    useVenueStore.getState().setCurrentVenue(store);
    useVenueStore
      .getState()
      .setScheme({ ...burgersScheme, business_slug: "demo-pierogi", stores: [store] }, "t");
    expect(useVenueStore.getState().currentVenue).toBeNull();
  });

  it("is persisted under 'venue', with a version", () => {
    useVenueStore.getState().setScheme(scheme, "t");
    useVenueStore.getState().setCurrentVenue(store);
    const persisted = stored("venue");
    expect(Object.keys(persisted.state).sort()).toEqual([
      "basket",
      "currentScheme",
      "currentVenue",
      "schemes",
    ]);
    expect(persisted.state.currentVenue).toEqual({ venue_slug: "soho" });
    expect(persisted.version).toBe(1);
  });
});

describe("general store", () => {
  it("defaults per docs/product.md §3", () => {
    const s = useGeneralStore.getInitialState();
    expect(s.language).toBe("en-US");
    expect(s.offers).toEqual([]);
    expect(s.selectedRewardId).toBe(-1);
    expect(NO_REWARD).toBe(-1);
    expect(s.lastVersion).toBe(0);
    expect(s.lastStringVersion).toBe("");
  });

  it("persists only page, language, languages, lastVersion and lastStringVersion under 'general'", () => {
    const g = useGeneralStore.getState();
    g.adoptSchemeLanguage("demo-burgers", ["en-US"], ["en-US"]);
    g.setLanguage("pl-PL");
    g.setOffers([{ id: 1, color: "#fff", imageUrl: "", title: "T", buttonText: "B", buttonKind: 0 }]);
    g.setSelectedRewardId(5);
    g.setVersions(3, "v3");
    g.setPage("menu");
    expect(stored("general").state).toEqual({
      page: "menu",
      language: "pl-PL",
      languages: { "demo-burgers": "pl-PL" },
      lastVersion: 3,
      lastStringVersion: "v3",
    });
  });

  it.each([
    [["pl-PL", "en-US"], ["pl-PL", "pl", "en"], "pl-PL"],
    [["pl-PL", "en-US"], ["pl"], "pl-PL"],
    [["pl-PL", "en-US"], ["en-GB", "en"], "en-US"],
    [["pl-PL", "en-US"], ["de-DE"], "pl-PL"],
    [["en-US"], ["pl-PL"], "en-US"],
    [["en-US", "pl-PL"], ["fr-FR", "pl-PL"], "pl-PL"],
    [["de-DE"], ["de-DE"], "en-US"],
  ])("pickLanguage: a scheme of %j in a browser of %j starts in %s (issue 18)", (scheme, browser, want) => {
    expect(pickLanguage(scheme, browser)).toBe(want);
  });

  it("adopts a scheme's language until one is chosen there, and keeps each scheme's choice to itself (issue 18)", async () => {
    localStorage.removeItem("general");
    await useGeneralStore.persist.rehydrate(); // a first visit: nothing stored
    const g = () => useGeneralStore.getState();
    g().adoptSchemeLanguage("pierogi", ["pl-PL", "en-US"], ["pl-PL"]);
    expect(g().language).toBe("pl-PL");
    g().adoptSchemeLanguage("burgers", ["en-US"], ["pl-PL"]); // another scheme, same visit: its language
    expect(g().language).toBe("en-US");
    g().setLanguage("pl-PL"); // the customer's choice on burgers
    g().adoptSchemeLanguage("pierogi", ["pl-PL", "en-US"], ["en-US"]); // not carried to pierogi
    expect(g().language).toBe("en-US");
    g().adoptSchemeLanguage("burgers", ["en-US"], ["en-US"]); // burgers remembers it
    expect(g().language).toBe("pl-PL");

    // A later visit: each scheme's stored choice stays.
    localStorage.setItem(
      "general",
      JSON.stringify({ state: { language: "en-US", languages: { pierogi: "en-US" } }, version: 2 }),
    );
    await useGeneralStore.persist.rehydrate();
    g().adoptSchemeLanguage("pierogi", ["pl-PL", "en-US"], ["pl-PL"]);
    expect(g().language).toBe("en-US");
    g().adoptSchemeLanguage("burgers", ["pl-PL", "en-US"], ["pl-PL"]);
    expect(g().language).toBe("pl-PL");
  });

  it.each([0, 1])(
    "migrates version %i's one language to every scheme without a choice of its own",
    async (version) => {
      const state = { page: "", language: "pl-PL", lastVersion: 1, lastStringVersion: "1" };
      expect(migrateGeneral(state, version)).toEqual({ ...state, languages: { "*": "pl-PL" } });
      localStorage.setItem("general", JSON.stringify({ state, version }));
      await useGeneralStore.persist.rehydrate();
      const g = () => useGeneralStore.getState();
      g().adoptSchemeLanguage("burgers", ["en-US"], ["en-US"]);
      expect(g().language).toBe("pl-PL"); // the upgrade changes no one's language
      g().setLanguage("en-US"); // a choice from now on is burgers' alone
      g().adoptSchemeLanguage("pierogi", ["en-US"], ["en-US"]);
      expect(g().language).toBe("pl-PL");
    },
  );

  it("drops an unknown language from the stored choices", () => {
    const state = { language: "en-US", languages: { a: "pl-PL", b: "xx-XX", c: 3 } };
    expect(migrateGeneral(state, 2).languages).toEqual({ a: "pl-PL" });
  });

  it("ignores an unknown persisted language on rehydrate", async () => {
    useGeneralStore.setState({ language: "en-US" });
    localStorage.setItem("general", JSON.stringify({ state: { language: "xx-XX", page: "p" }, version: 0 }));
    await useGeneralStore.persist.rehydrate();
    expect(useGeneralStore.getState().language).toBe("en-US");
    expect(useGeneralStore.getState().page).toBe("p");
  });
});

describe("auth and home stores", () => {
  it("persists token and user under 'auth'", () => {
    const user = { email: "a@b.test", business_slug: "demo-burgers" };
    useAuthStore.getState().setSession("tok", user);
    expect(stored("auth").state).toEqual({
      token: "tok",
      user,
      sessions: { "demo-burgers": { token: "tok", user } },
    });
    useAuthStore.getState().signOut();
    expect(stored("auth").state).toEqual({ token: null, user: null, sessions: {} });
  });

  it("has the home defaults and persists its fields under 'home'", () => {
    expect(useHomeStore.getInitialState()).toMatchObject({ is_asap: true, selectedAddress: null });
    useHomeStore.getState().setCurrentScheme("demo-burgers");
    useHomeStore.getState().setOrderType(OrderType.DELIVERY);
    useHomeStore.getState().setDeliveryAddress(address, 12);
    expect(stored("home").state).toEqual({
      ...initialHomeData,
      currentScheme: "demo-burgers",
      order_type: 0,
      delivery_address: address,
      selectedAddress: 12,
    });
    // Another scheme starts afresh.
    useHomeStore.getState().setCurrentScheme("demo-pierogi");
    expect(useHomeStore.getState()).toMatchObject({ ...initialHomeData, currentScheme: "demo-pierogi" });
  });
});
