import { useId, useState } from "react";
import { useTranslation } from "@/i18n";
import "../address.css";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useErrorMessage } from "@/hooks/use-error-message";
import { selectUserOf, tokenOf, useAuthStore } from "@/stores/auth";
import type { DeliveryAddress } from "@/stores/delivery-address";
import { useHomeStore } from "@/stores/home";
import { useVenueStore } from "@/stores/venue";
import { findAddressDetail } from "../api/find-address";
import { useAddresses } from "../api/list-addresses";
import { useDeleteAddress, useUpsertAddress } from "../api/upsert-address";
import type { PlaceSuggestion } from "../types";
import { formFromPlace, type AddressFormValues } from "../utils/address-form";
import { initialSelection, pickerAction, savedToDelivery } from "../utils/picker";
import { AddAddressDialog } from "./add-address-dialog";
import { MenuIcon } from "./icons";
import { AddressSearchBox, SuggestionList } from "./address-search";
import { SavedAddressOptions, type AddressOption } from "./saved-address-options";

interface AddressPickerProps {
  /** Choosing a default selection (the order-address dialog): the button reads Save. */
  defaultSelection?: boolean;
  /** Stores in the scheme: the label and the menu icon depend on it (docs/product.md §2). */
  storeCount: number;
  /** Signals submit once delivery_address and selectedAddress are recorded. */
  onSubmit: (address: DeliveryAddress, savedId: number | null) => void;
}

const newSessionToken = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : String(Math.random()).slice(2);

/**
 * The address picker (docs/product.md §2, §4): saved addresses as radios, a search box
 * with place suggestions, and the action button. Signed-in customers' new
 * addresses are saved with address/upsert; a guest's stays local.
 */
export function AddressPicker({ defaultSelection = false, storeCount, onSubmit }: AddressPickerProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const listId = useId();
  const businessSlug = useVenueStore((s) => s.currentScheme?.business_slug ?? "");
  // A token of another scheme counts as signed out here (docs/architecture.md §7).
  const user = useAuthStore(selectUserOf(businessSlug));
  const token = useAuthStore(tokenOf(businessSlug));
  const isGuest = user?.is_guest === true;
  const userEmail = typeof user?.email === "string" ? user.email : "";
  const signedIn = token !== null && !isGuest;
  const { addresses } = useAddresses(signedIn ? token : null, businessSlug);
  const homeAddress = useHomeStore((s) => s.delivery_address);
  const recorded = useHomeStore((s) => s.selectedAddress);
  const setDeliveryAddress = useHomeStore((s) => s.setDeliveryAddress);
  const upsert = useUpsertAddress(businessSlug);
  const remove = useDeleteAddress(businessSlug);
  const [deleting, setDeleting] = useState<AddressOption | null>(null);

  // A guest's (unsaved) address: the one entered now, else the one kept in the home store.
  const [draft, setDraft] = useState<DeliveryAddress | null>(recorded === null ? homeAddress : null);
  const [choice, setChoice] = useState<number | "local" | null>(null);
  const [view, setView] = useState<"addresses" | "suggestions">("addresses");
  const [search, setSearch] = useState("");
  const [sessionToken, setSessionToken] = useState(newSessionToken);
  const [busyPlace, setBusyPlace] = useState<string | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ key: number; initial: AddressFormValues } | null>(null);

  const options: AddressOption[] = [
    ...addresses.map((a) => ({ key: a.id, address: savedToDelivery(a) })),
    ...(draft ? [{ key: "local" as const, address: draft }] : []),
  ];
  const selected = choice ?? initialSelection(addresses, recorded) ?? (draft ? "local" : null);
  const chosen = options.find((o) => o.key === selected) ?? null;
  const { labelKey, showMenuIcon } = pickerAction(defaultSelection, storeCount);

  function clearSearch() {
    setSearch("");
    setView("addresses");
    setPickError(null);
  }

  async function choosePlace(suggestion: PlaceSuggestion) {
    setBusyPlace(suggestion.place_id);
    setPickError(null);
    try {
      const detail = await findAddressDetail(suggestion.place_id, sessionToken);
      setSessionToken(newSessionToken());
      clearSearch();
      setDialog({ key: Date.now(), initial: formFromPlace(detail, userEmail) });
    } catch (error) {
      setPickError(errorMessage(error));
    } finally {
      setBusyPlace(null);
    }
  }

  async function saveAddress(address: DeliveryAddress) {
    if (!signedIn) {
      setDraft(address);
      setChoice("local");
      return;
    }
    const saved = await upsert.mutateAsync({ address });
    setChoice(saved.id);
  }

  async function confirmDelete() {
    const option = deleting;
    setDeleting(null);
    if (!option || option.key === "local") return;
    try {
      await remove.mutateAsync(option.key);
      if (choice === option.key) setChoice(null);
      if (recorded === option.key) setDeliveryAddress(null, null);
    } catch (error) {
      setPickError(errorMessage(error));
    }
  }

  function submit() {
    if (!chosen) return;
    const savedId = chosen.key === "local" ? null : chosen.key;
    setDeliveryAddress(chosen.address, savedId);
    onSubmit(chosen.address, savedId);
  }

  return (
    <div className="address-picker">
      <AddressSearchBox
        value={search}
        onChange={setSearch}
        onOpen={() => setView("suggestions")}
        onClear={clearSearch}
        expanded={view === "suggestions"}
        listId={listId}
      />
      {pickError && <p className="alert alert--error">{pickError}</p>}
      {view === "suggestions" ? (
        <SuggestionList
          search={search}
          sessionToken={sessionToken}
          listId={listId}
          busyPlaceId={busyPlace}
          onChoose={(s) => void choosePlace(s)}
        />
      ) : (
        <>
          <SavedAddressOptions
            options={options}
            selected={selected}
            onSelect={setChoice}
            onDelete={signedIn ? setDeleting : undefined}
          />
          {!signedIn && <p className="muted small address-picker__guest">{t("address.guestHint")}</p>}
          <div className="address-picker__actions">
            <button
              type="button"
              className="button button--primary address-picker__submit"
              disabled={!chosen}
              onClick={submit}
            >
              {showMenuIcon && <MenuIcon />}
              {t(labelKey)}
            </button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t("address.deleteTitle")}
        message={t("address.deleteMessage", { name: deleting?.address.name ?? "" })}
        confirmLabel={t("address.deleteConfirm")}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
      {dialog && (
        <AddAddressDialog
          key={dialog.key}
          open
          initial={dialog.initial}
          onClose={() => setDialog(null)}
          onSave={saveAddress}
        />
      )}
    </div>
  );
}
