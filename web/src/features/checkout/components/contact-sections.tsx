import { Link, useLocation } from "react-router";
import { useTranslation } from "@/i18n";
import { paths } from "@/app/paths";
import type { ContactValues, CheckoutField } from "../lib/validation";
import { InputField, Section } from "./field";

interface ContactSectionsProps {
  scheme: string;
  values: ContactValues;
  onChange: (patch: Partial<ContactValues>) => void;
  errors: Partial<Record<CheckoutField, string>>;
  /** Signed in with an account (not a guest): the details come from it. */
  signedIn: boolean;
  signedInEmail: string;
}

/** Customer details (names) and contact details (e-mail, phone) of docs/product.md §2. */
export function ContactSections({
  scheme,
  values,
  onChange,
  errors,
  signedIn,
  signedInEmail,
}: ContactSectionsProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <>
      <Section
        id="co-customer"
        title={t("checkout.customer.title")}
        aside={
          signedIn ? (
            <span className="co-section__aside muted small">
              {t("checkout.customer.signedInAs", { email: signedInEmail })}
            </span>
          ) : (
            <Link className="co-link" to={paths.auth.signIn.getHref(scheme, pathname)}>
              {t("checkout.customer.signIn")}
            </Link>
          )
        }
      >
        <div className="co-grid">
          <InputField
            id="first_name"
            label={t("auth.firstName")}
            required
            autoComplete="given-name"
            value={values.first_name}
            error={errors.first_name && t(errors.first_name)}
            onChange={(e) => onChange({ first_name: e.target.value })}
            maxLength={100}
          />
          <InputField
            id="last_name"
            label={
              <>
                {t("auth.lastName")} <span className="muted">{t("address.optional")}</span>
              </>
            }
            autoComplete="family-name"
            value={values.last_name}
            error={errors.last_name && t(errors.last_name)}
            onChange={(e) => onChange({ last_name: e.target.value })}
            maxLength={100}
          />
        </div>
      </Section>
      <Section id="co-contact" title={t("checkout.contact.title")}>
        <div className="co-grid">
          <InputField
            id="email"
            label={t("auth.email")}
            required
            type="email"
            autoComplete="email"
            inputMode="email"
            value={values.email}
            error={errors.email && t(errors.email)}
            hint={t("checkout.contact.emailHint")}
            onChange={(e) => onChange({ email: e.target.value })}
            maxLength={254}
          />
          <InputField
            id="phone"
            label={
              <>
                {t("auth.contactNumber")} <span className="muted">{t("address.optional")}</span>
              </>
            }
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="+44 7911 123456"
            value={values.phone}
            error={errors.phone && t(errors.phone)}
            onChange={(e) => onChange({ phone: e.target.value })}
            maxLength={32}
          />
        </div>
      </Section>
    </>
  );
}
