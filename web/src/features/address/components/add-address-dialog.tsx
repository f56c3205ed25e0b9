import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "@/i18n";
import { Dialog } from "@/components/ui/dialog";
import { useErrorMessage } from "@/hooks/use-error-message";
import { clientTextKey, isApiError } from "@/lib/api/api-error";
import type { DeliveryAddress } from "@/stores/delivery-address";
import { validateContactNumber } from "@/lib/api/validate-contact-number";
import {
  addressFormSchema,
  contactNumber,
  fieldId,
  FORM_FIELDS,
  SILENT,
  toDeliveryAddress,
  type AddressFormInput,
  type AddressFormValues,
} from "../utils/address-form";
import { AddressFormStep } from "./address-form-step";
import { AddressMapStep } from "./address-map-step";
import { ErrorList } from "./error-list";

/** Server field names (address/upsert) → form fields, so server errors mark the right input. */
const SERVER_FIELDS: Record<string, keyof AddressFormValues> = {
  line1: "line1",
  line2: "line2",
  city: "city",
  postcode: "postcode",
  country: "country",
  contact_number: "phone",
  email: "email",
  name: "name",
};

interface AddAddressDialogProps {
  open: boolean;
  /** The form prefilled from the chosen place. */
  initial: AddressFormValues;
  onClose: () => void;
  /** Saves the address; a rejection (ApiError) keeps the dialog open with its messages. */
  onSave: (address: DeliveryAddress) => Promise<void>;
}

type Step = "form" | "map";

/** Add New Address, in two steps (docs/product.md §2, §4, §5). */
export function AddAddressDialog({ open, initial, onClose, onSave }: AddAddressDialogProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [step, setStep] = useState<Step>("form");
  const formId = useId();
  const [checking, setChecking] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  // The checked number (E.164) that address/upsert receives.
  const [contact, setContact] = useState("");
  const form = useForm<AddressFormInput, unknown, AddressFormValues>({
    mode: "onSubmit",
    reValidateMode: "onSubmit",
    resolver: zodResolver(addressFormSchema),
    defaultValues: initial,
  });
  const { errors } = form.formState;
  // Each step starts at its top (the form step may have been scrolled to its Next button).
  const top = useRef<HTMLDivElement>(null);
  // A step change keeps the keyboard user in place: step 2 focuses its heading, Back
  // the form's first field (the buttons pressed are gone). Not on opening: the
  // dialog puts the focus on the first field itself.
  const mapHeading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef<Step>(step);
  useEffect(() => {
    top.current?.closest(".dialog__body")?.scrollTo?.({ top: 0 });
    if (shownStep.current === step) return;
    shownStep.current = step;
    if (step === "map") mapHeading.current?.focus();
    else document.getElementById(fieldId(formId, "line1"))?.focus();
  }, [step, formId]);

  // Client messages (i18n keys) in the order of the fields, each linking to its input.
  const fieldMessages = FORM_FIELDS.flatMap((field) => {
    const m = errors[field]?.message;
    if (typeof m !== "string" || m === "" || m === SILENT) return [];
    return [{ text: t(m), href: `#${fieldId(formId, field)}` }];
  });

  const next = form.handleSubmit(async (values) => {
    setServerErrors([]);
    setChecking(true);
    try {
      const check = await validateContactNumber(contactNumber(values.phoneCountry, values.phone));
      if (!check.is_valid) {
        // An i18n key like the schema's messages (type "validate", not "server": the kit translates it).
        form.setError(
          "phone",
          { type: "validate", message: "validation.phoneIncorrect" },
          { shouldFocus: true },
        );
        return;
      }
      setContact(check.e164);
      setStep("map");
    } catch (error) {
      setServerErrors([errorMessage(error)]);
    } finally {
      setChecking(false);
    }
  });

  async function save() {
    // docs/product.md §4: Save returns to the form step; the dialog closes on success.
    setStep("form");
    setServerErrors([]);
    setSaving(true);
    try {
      await onSave(toDeliveryAddress(form.getValues() as AddressFormValues, contact));
      onClose();
    } catch (error) {
      if (isApiError(error)) {
        // The texts come in batch_messages (listed below); here only mark the inputs.
        for (const field of Object.keys(error.fields)) {
          const target = SERVER_FIELDS[field];
          if (target) form.setError(target, { type: "server", message: "" });
        }
      }
      setServerErrors(isApiError(error) && !clientTextKey(error) ? error.messages : [errorMessage(error)]);
    } finally {
      setSaving(false);
    }
  }

  const busy = checking || saving;
  // Step actions sit in the dialog footer, in view however long the form is. The keys
  // keep React from turning the clicked Back button into the submit button during its
  // own click (the browser would then submit the form and go straight back to step 2).
  const footer =
    step === "form" ? (
      <button
        key="next"
        type="submit"
        form={formId}
        className="button button--primary"
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {t("common.next")}
      </button>
    ) : (
      <>
        <button
          key="back"
          type="button"
          className="button button--ghost"
          onClick={() => setStep("form")}
          disabled={busy}
        >
          {t("common.back")}
        </button>
        <button
          key="save"
          type="button"
          className="button button--primary"
          onClick={() => void save()}
          disabled={busy}
        >
          {t("address.saveAddress")}
        </button>
      </>
    );

  return (
    <Dialog
      open={open}
      onHide={onClose}
      title={t("address.addNew")}
      className="address-dialog"
      footer={footer}
    >
      <div ref={top} />
      {/* Polite live region: screen readers hear "Step 2 of 2" when the step changes. */}
      <p className="muted small address-dialog__step" aria-live="polite" data-testid="address-step">
        {t("address.step", { step: step === "form" ? 1 : 2, total: 2 })}
      </p>
      <ErrorList messages={[...fieldMessages, ...serverErrors.map((text) => ({ text }))]} />
      {step === "form" ? (
        <AddressFormStep form={form} onNext={next} formId={formId} idPrefix={formId} />
      ) : (
        <AddressMapStep form={form} headingRef={mapHeading} />
      )}
    </Dialog>
  );
}
