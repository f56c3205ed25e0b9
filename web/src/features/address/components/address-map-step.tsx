import { lazy, Suspense, useId, type Ref } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "@/i18n";
import { Spinner } from "@/components/ui/spinner";
import { useShakeHand } from "@/lib/api/get-shake-hand";
import { MAP_HEIGHT_PX, NOTE_MIN_HEIGHT_PX } from "../constants";
import type { AddressFormInput, AddressFormValues } from "../utils/address-form";

// Leaflet is loaded only when the map step opens: never in the first load of any page.
const MapPin = lazy(() => import("./map-pin"));

type Form = UseFormReturn<AddressFormInput, unknown, AddressFormValues>;

interface AddressMapStepProps {
  form: Form;
  /** The step's heading: it takes the focus when the step opens. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** Step two: pin the location and leave instructions for the driver (docs/product.md §2). */
export function AddressMapStep({ form, headingRef }: AddressMapStepProps) {
  const { t } = useTranslation();
  const id = useId();
  const { data: shakeHand } = useShakeHand();
  const maps = shakeHand?.payload.maps;
  const lat = form.watch("latitude");
  const lng = form.watch("longitude");

  function move(nextLat: number, nextLng: number) {
    form.setValue("latitude", nextLat);
    form.setValue("longitude", nextLng);
  }

  return (
    <div className="address-map-step">
      <h3 className="address-map-step__label" id={`${id}-pin`} ref={headingRef} tabIndex={-1}>
        {t("address.pinTitle")}
      </h3>
      <p className="muted small address-map-step__hint">{t("address.pinHint")}</p>
      <Suspense
        fallback={
          <div className="address-map address-map--loading" style={{ height: MAP_HEIGHT_PX }}>
            <Spinner />
          </div>
        }
      >
        <MapPin
          lat={lat ?? 0}
          lng={lng ?? 0}
          onChange={move}
          tileUrl={maps?.tile_url ?? ""}
          attribution={maps?.attribution ?? ""}
          label={t("address.pinTitle")}
        />
      </Suspense>
      <div className="field">
        <label htmlFor={`${id}-note`}>{t("address.driverInstruction")}</label>
        <textarea
          id={`${id}-note`}
          className="input address-note"
          style={{ minHeight: NOTE_MIN_HEIGHT_PX }}
          maxLength={1000}
          {...form.register("note")}
        />
      </div>
    </div>
  );
}
