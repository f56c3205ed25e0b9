import { create } from "zustand";
import { persist } from "zustand/middleware";
import { OrderType } from "@/lib/enums";
import type { DeliveryAddress } from "./delivery-address";
import { browserStorage, isRecord } from "./storage";

/** Home temporary state (docs/product.md §3). */
export interface HomeData {
  currentVenueName: string;
  order_type: OrderType | null;
  is_asap: boolean;
  preorder_for: string | null;
  /** Id of the chosen saved address; null when none. */
  selectedAddress: number | null;
  delivery_address: DeliveryAddress | null;
  currentScheme: string | null;
}

export interface HomeState extends HomeData {
  setOrderType: (orderType: OrderType) => void;
  setTiming: (isAsap: boolean, preorderFor: string | null) => void;
  setDeliveryAddress: (address: DeliveryAddress | null, selectedAddress?: number | null) => void;
  setCurrentVenueName: (name: string) => void;
  setCurrentScheme: (businessSlug: string | null) => void;
  reset: () => void;
}

export const initialHomeData: HomeData = {
  currentVenueName: "",
  order_type: null,
  is_asap: true,
  preorder_for: null,
  selectedAddress: null,
  delivery_address: null,
  currentScheme: null,
};

export const HOME_STORE_VERSION = 1;

// Declared before the store: it hydrates (and so migrates) as soon as it is created.
const DELIVERY_ADDRESS_TEXT = [
  "line1",
  "line2",
  "city",
  "country",
  "postcode",
  "contact_number",
  "email",
  "note",
  "name",
] as const;

function readDeliveryAddress(value: unknown): DeliveryAddress | null {
  if (!isRecord(value)) return null;
  const text = Object.fromEntries(
    DELIVERY_ADDRESS_TEXT.map((k) => [k, typeof value[k] === "string" ? value[k] : ""]),
  ) as Pick<DeliveryAddress, (typeof DELIVERY_ADDRESS_TEXT)[number]>;
  const coord = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
  return { ...text, latitude: coord(value.latitude), longitude: coord(value.longitude) };
}

export const useHomeStore = create<HomeState>()(
  persist(
    (set) => ({
      ...initialHomeData,
      setOrderType: (order_type) => set({ order_type }),
      setTiming: (is_asap, preorder_for) => set({ is_asap, preorder_for: is_asap ? null : preorder_for }),
      setDeliveryAddress: (delivery_address, selectedAddress) =>
        set((s) => ({
          delivery_address,
          selectedAddress: selectedAddress === undefined ? s.selectedAddress : selectedAddress,
        })),
      setCurrentVenueName: (currentVenueName) => set({ currentVenueName }),
      // Another scheme means another brand: its choices do not carry over.
      setCurrentScheme: (currentScheme) =>
        set((s) => (s.currentScheme === currentScheme ? s : { ...initialHomeData, currentScheme })),
      reset: () => set({ ...initialHomeData }),
    }),
    {
      name: "home",
      storage: browserStorage<HomeData>(),
      version: HOME_STORE_VERSION,
      migrate: (persisted, version) => migrateHome(persisted, version),
      merge: (persisted, current) => ({ ...current, ...migrateHome(persisted, HOME_STORE_VERSION) }),
      partialize: ({
        currentVenueName,
        order_type,
        is_asap,
        preorder_for,
        selectedAddress,
        delivery_address,
        currentScheme,
      }) => ({
        currentVenueName,
        order_type,
        is_asap,
        preorder_for,
        selectedAddress,
        delivery_address,
        currentScheme,
      }),
    },
  ),
);

/**
 * The persisted home state of any earlier version as the current shape.
 * Version 0 set is_asap to false for good once a closed venue had been viewed
 * (and the pre-order radio never kept a time either), so a version-0 "false"
 * says nothing the customer chose: it returns to docs/product.md §3's default, true.
 * Everything else (order type, address, scheme) is kept.
 */
export function migrateHome(persisted: unknown, version: number): HomeData {
  const state = isRecord(persisted) ? persisted : {};
  const orderType =
    state.order_type === OrderType.DELIVERY || state.order_type === OrderType.PICKUP
      ? state.order_type
      : null;
  const fromV0 = version < 1;
  const isAsap = fromV0 || typeof state.is_asap !== "boolean" ? true : state.is_asap;
  return {
    currentVenueName: typeof state.currentVenueName === "string" ? state.currentVenueName : "",
    order_type: orderType,
    is_asap: isAsap,
    preorder_for: !isAsap && typeof state.preorder_for === "string" ? state.preorder_for : null,
    selectedAddress: typeof state.selectedAddress === "number" ? state.selectedAddress : null,
    delivery_address: readDeliveryAddress(state.delivery_address),
    currentScheme: typeof state.currentScheme === "string" ? state.currentScheme : null,
  };
}
