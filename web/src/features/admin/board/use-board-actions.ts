import { useEffect, useState } from "react";
import { useTransition, type BoardOrder, type OrderStatus, type TransitionInput } from "./api";
import type { Dispatch } from "./dispatch-dialog";
import { isDelivery } from "./lifecycle";
import type { OrderActions } from "./order-card";

/** The board's open question about one order: accept, reject or cancel, or send it on its way. */
export type Decision =
  | { kind: "accept"; order: BoardOrder }
  | { kind: "reject"; order: BoardOrder; cancel: boolean }
  | { kind: "dispatch"; order: BoardOrder };

/**
 * What staff do to the board's orders: the buttons' actions, the dialogs
 * they open, the order shown in detail and the kitchen ticket to print.
 *
 * A failed step has one place to say so: the dialog it was taken from,
 * else the order's detail, else the board (`errorIn`). Closing that place
 * forgets the error, so it never moves on to show a second time.
 */
export function useBoardActions(scheme: string, venue: string, autoPrint: boolean) {
  const transition = useTransition(scheme, venue);
  const [decision, setDecision] = useState<Decision | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const [printing, setPrinting] = useState<BoardOrder | null>(null);
  const [error, setError] = useState<unknown>(null);
  usePrintOnce(printing, () => setPrinting(null));

  const run = (order: BoardOrder, input: Omit<TransitionInput, "order_id">) => {
    setError(null);
    return transition.mutateAsync({ order_id: order.id, ...input }).then(
      (updated) => ({ ...order, ...updated }) as BoardOrder,
      (failure: unknown) => {
        setError(failure);
        throw failure;
      },
    );
  };
  const ask = (next: Decision) => {
    setError(null);
    setDecision(next);
  };
  // The dialog's step, then the dialog closes (a failure keeps it open, with its error).
  const decide = (input: Omit<TransitionInput, "order_id">, after?: (o: BoardOrder) => void) => {
    if (!decision) return;
    void run(decision.order, input).then((updated) => {
      setDecision(null);
      after?.(updated);
    }, ignore);
  };

  const actions: OrderActions = {
    busy: transition.isPending,
    accept: (order) => ask({ kind: "accept", order }),
    reject: (order) => ask({ kind: "reject", order, cancel: false }),
    cancel: (order) => ask({ kind: "reject", order, cancel: true }),
    step: (order, status: OrderStatus) => {
      // A delivery leaves only once someone is named to take it (or nobody, on purpose).
      if (status === "on_the_way" && isDelivery(order)) ask({ kind: "dispatch", order });
      else void run(order, { status }).catch(ignore);
    },
    open: (order) => {
      setError(null);
      setOpenId(order.id);
    },
    print: (order) => setPrinting(order),
  };

  return {
    actions,
    busy: transition.isPending,
    decision,
    openId,
    printing,
    error,
    errorIn: decision ? ("dialog" as const) : openId !== null ? ("detail" as const) : ("board" as const),
    closeDecision: () => {
      setError(null);
      setDecision(null);
    },
    closeDetail: () => {
      setError(null);
      setOpenId(null);
    },
    accept: (minutes: number) =>
      decide({ status: "accepted", eta_minutes: minutes }, (accepted) => {
        if (autoPrint) setPrinting(accepted);
      }),
    reject: (reason: string) =>
      decide({ status: decision?.kind === "reject" && decision.cancel ? "cancelled" : "rejected", reason }),
    dispatch: (choice: Dispatch) =>
      decide({
        status: "on_the_way",
        ...("driverId" in choice ? { driver_id: choice.driverId } : { own_delivery: true }),
      }),
  };
}

function ignore() {
  // The error is shown where the step was taken.
}

/** Prints the kitchen ticket once it is rendered (print CSS shows only it). */
function usePrintOnce(printing: BoardOrder | null, done: () => void) {
  useEffect(() => {
    if (!printing) return;
    const id = requestAnimationFrame(() => {
      window.print();
      done();
    });
    return () => cancelAnimationFrame(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `done` only clears the state
  }, [printing]);
}
