import { Link } from "react-router";
import { CONTACT_INVALID_TOAST, CONTACT_SUCCESS_TOAST, ContactSchema } from "@leads/contact";
import { apiPaths, pagePaths } from "@common/paths";
import { CheckboxField, Field, TextArea } from "~/components/ui/field";
import { LeadForm } from "./lead-form";
import { LeadTextField } from "./lead-text-field";
import { toastOutcomes, useLeadForm } from "./use-lead-form";

const initial = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  message: "",
  agreeToPolicy: false,
};

/** The contact form of /contact-us (rules and messages: leads/contact.ts). */
export function ContactForm() {
  const form = useLeadForm({
    initial,
    schema: ContactSchema,
    endpoint: apiPaths.contact,
    toBody: (data, website) => ({ ...data, website }),
    outcomes: toastOutcomes(CONTACT_INVALID_TOAST, CONTACT_SUCCESS_TOAST),
  });
  const { values, setValue, errors } = form;

  return (
    <LeadForm
      form={form}
      label="Send us a message"
      submit={{ idle: "Send Message", pending: "Sending…" }}
    >
      <LeadTextField
        form={form}
        name="firstName"
        label="First name"
        required
        autoComplete="given-name"
      />
      <LeadTextField
        form={form}
        name="lastName"
        label="Last name"
        required
        autoComplete="family-name"
      />
      <LeadTextField
        form={form}
        name="email"
        label="Email"
        required
        type="email"
        autoComplete="email"
      />
      <LeadTextField
        form={form}
        name="phone"
        label="Phone (optional)"
        type="tel"
        autoComplete="tel"
      />
      <Field label="Message" required error={errors.message} className="sm:col-span-2">
        {(props) => (
          <TextArea
            {...props}
            name="message"
            rows={10}
            value={values.message}
            onChange={(e) => setValue("message", e.target.value)}
          />
        )}
      </Field>
      <CheckboxField
        name="agreeToPolicy"
        checked={values.agreeToPolicy}
        onChange={(e) => setValue("agreeToPolicy", e.target.checked)}
        error={errors.agreeToPolicy}
        className="sm:col-span-2"
        label={
          <>
            I agree to the{" "}
            <Link
              to={`${pagePaths.termsAndConditions}#privacy-policy`}
              className="font-semibold text-brand-700 underline"
            >
              privacy policy
            </Link>
            .
          </>
        }
      />
    </LeadForm>
  );
}
