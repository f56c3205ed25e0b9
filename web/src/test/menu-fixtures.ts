import type { MenuItem, MenuList, Store } from "@/lib/api/types";

export const item = (over: Partial<MenuItem> & Pick<MenuItem, "id" | "title">): MenuItem => ({
  category_id: 1,
  description: "",
  image_url: "",
  price: 500,
  is_new: false,
  is_available: true,
  select_min: 0,
  select_max: 0,
  modifier_category_ids: [],
  ...over,
});

/** A small menu: a burger with a required patty and optional extras, a drink, an unavailable item. */
export const testMenu: MenuList = {
  menu: { id: 1, name: "All day", layout_style: 0 },
  categories: [
    { id: 2, name: "Drinks", position: 1 },
    { id: 1, name: "Burgers", position: 0 },
    { id: 3, name: "Empty", position: 2 },
  ],
  items: [
    item({
      id: 1,
      title: "Classic Cheeseburger",
      price: 899,
      modifier_category_ids: [10, 11],
      description: "Beef",
    }),
    item({ id: 2, title: "Truffle Burger", price: 1349, is_available: false }),
    item({ id: 3, title: "Cola", category_id: 2, price: 249, is_new: true, image_url: "/cola.svg" }),
    item({ id: 4, title: "Jalapeño Poppers", category_id: 2, price: 123450 }),
  ],
  modifier_categories: [
    { id: 10, name: "Choose your patty", select_min: 1, select_max: 1 },
    { id: 11, name: "Extras", select_min: 0, select_max: 2 },
  ],
  modifier_items: [
    { id: 100, modifier_category_id: 10, name: "Single beef", price: 0, is_available: true },
    { id: 101, modifier_category_id: 10, name: "Double beef", price: 300, is_available: true },
    { id: 110, modifier_category_id: 11, name: "Cheese", price: 100, is_available: true },
    { id: 111, modifier_category_id: 11, name: "Bacon", price: 150, is_available: true },
    { id: 112, modifier_category_id: 11, name: "Egg", price: 120, is_available: false },
  ],
};

const week = (open: string, close: string) => Array.from({ length: 7 }, () => [{ open, close }]);

export function testStore(over: Partial<Store> = {}): Store {
  return {
    venue_slug: "soho",
    name: "Soho",
    address: { line1: "41 Broadwick Street", line2: "", city: "London", postcode: "W1F 9QL", country: "GB" },
    lat: 51.5136,
    lng: -0.1365,
    time_zone: "Europe/London",
    // An offset that stopped holding long ago: whatever a test's clock says,
    // the venue's wall clock comes from the zone's own data.
    utc_offset_minutes: 0,
    utc_offset_until: "2000-01-01T00:00:00Z",
    order_types: [0, 1],
    opening_hours: week("11:00", "23:00"),
    exceptions: [],
    is_open: true,
    next_opening_at: null,
    delivery: { radius_m: 5000, fee: 249, free_over: 3000, minimum: 1000, asap_minutes: 40, zones: null },
    pickup: { minimum: 0, asap_minutes: 15 },
    prep_minutes: 15,
    delivery_minutes: 25,
    service_charge_bp: 0,
    vat_rate_bp: 2000,
    tipping: { enabled: true, percents: [0, 10], default_percent: 10, allow_custom: true },
    layout_style: 0,
    paused_until: null,
    busy_minutes: 0,
    ...over,
  };
}
