import { create } from "zustand";
import { persist } from "zustand/middleware";
import type { OrderType } from "@/lib/enums";
import type { DeliveryAddress } from "./delivery-address";
import { browserStorage } from "./storage";

/** Home temporary state (SPEC.md §3). */
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
      storage: browserStorage,
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
