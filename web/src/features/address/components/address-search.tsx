import { useId } from "react";
import { useTranslation } from "@/i18n";
import { SearchIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { useErrorMessage } from "@/hooks/use-error-message";
import { useShakeHand } from "@/lib/api/get-shake-hand";
import { usePlaceSuggestions } from "../api/find-address";
import { ADDRESS_SEARCH_DEBOUNCE_MS } from "../constants";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import type { PlaceSuggestion } from "../types";
import { CloseIcon } from "@/components/ui/icons";
import { PinIcon } from "./icons";

interface AddressSearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /**
   * Clicking the box (or typing in it) shows the suggestions view (docs/product.md §4).
   * Focusing it does not: the saved addresses after it must stay reachable by Tab.
   */
  onOpen: () => void;
  /** The close icon: clears the search and returns to the addresses. */
  onClear: () => void;
  expanded: boolean;
  listId: string;
}

export function AddressSearchBox({
  value,
  onChange,
  onOpen,
  onClear,
  expanded,
  listId,
}: AddressSearchBoxProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="address-search">
      <label htmlFor={id} className="visually-hidden">
        {t("address.search")}
      </label>
      <span className="address-search__icon">
        <SearchIcon size={20} />
      </span>
      <input
        id={id}
        type="search"
        className="input address-search__input"
        placeholder={t("address.search")}
        autoComplete="off"
        aria-controls={expanded ? listId : undefined}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          onOpen();
        }}
        onClick={onOpen}
        onKeyDown={(event) => {
          if (event.key === "Escape" && (expanded || value !== "")) {
            // Escape leaves the suggestions like the close icon (and keeps an open dialog open).
            event.preventDefault();
            event.stopPropagation();
            onClear();
          }
        }}
      />
      {(expanded || value !== "") && (
        <button
          type="button"
          className="icon-button address-search__clear"
          aria-label={t("address.clearSearch")}
          onClick={onClear}
        >
          <CloseIcon size={18} />
        </button>
      )}
    </div>
  );
}

interface SuggestionListProps {
  search: string;
  sessionToken: string;
  listId: string;
  busyPlaceId: string | null;
  onChoose: (suggestion: PlaceSuggestion) => void;
}

/** Place suggestions for the search, asked for 1000 ms after typing stops (docs/product.md §9). */
export function SuggestionList({ search, sessionToken, listId, busyPlaceId, onChoose }: SuggestionListProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const query = useDebouncedValue(search.trim(), ADDRESS_SEARCH_DEBOUNCE_MS);
  const { data, error, isFetching } = usePlaceSuggestions(query, sessionToken);
  const { data: shakeHand } = useShakeHand();
  const waiting = search.trim() !== query || isFetching;

  let body;
  if (search.trim() === "")
    body = <p className="muted address-suggestions__hint">{t("address.searchHint")}</p>;
  else if (error) body = <p className="alert alert--error">{errorMessage(error)}</p>;
  else if (waiting && !data?.length) body = <Spinner label={t("address.searching")} />;
  else if (!data?.length)
    body = <p className="muted address-suggestions__hint">{t("address.noSuggestions")}</p>;
  else
    body = (
      <ul className="address-suggestions__list" id={listId} aria-busy={waiting || undefined}>
        {data.map((s) => (
          <li key={s.place_id}>
            <button
              type="button"
              className="address-suggestion"
              onClick={() => onChoose(s)}
              disabled={busyPlaceId !== null}
              aria-busy={busyPlaceId === s.place_id || undefined}
            >
              <PinIcon />
              <span>{s.description}</span>
            </button>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="address-suggestions" data-testid="address-suggestions">
      {body}
      {data?.length && shakeHand?.payload.maps.attribution ? (
        <p className="address-suggestions__attribution muted small">{shakeHand.payload.maps.attribution}</p>
      ) : null}
    </div>
  );
}
