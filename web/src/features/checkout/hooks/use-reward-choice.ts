import { useState } from "react";
import { useGeneralStore } from "@/stores/general";
import type { LoyaltyReward } from "./use-contact-details";

/**
 * One reward per order (docs/architecture.md §5): one of the customer's loyalty rewards
 * or an offer's (general store's selectedRewardId, docs/product.md §3), never both;
 * choosing one drops the other. -1: none.
 */
export function useRewardChoice(rewards: readonly LoyaltyReward[]) {
  const rewardId = useGeneralStore((s) => s.selectedRewardId);
  const setRewardId = useGeneralStore((s) => s.setSelectedRewardId);
  const [loyaltyRewardId, setLoyaltyRewardId] = useState(-1);
  const loyaltyChoice = rewards.some((r) => r.id === loyaltyRewardId) ? loyaltyRewardId : -1;
  return {
    loyaltyChoice,
    offerChoice: loyaltyChoice >= 0 ? -1 : rewardId,
    chooseLoyalty(id: number) {
      setLoyaltyRewardId(id);
      if (id >= 0) setRewardId(-1);
    },
    chooseOffer(id: number) {
      setRewardId(id);
      if (id >= 0) setLoyaltyRewardId(-1);
    },
  };
}
