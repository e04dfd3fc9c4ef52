import {
  CONTACT_INVALID_TOAST,
  CONTACT_SUCCESS_TOAST,
  ContactSchema,
  contactEndpoint,
} from "@leads/contact";
import { CheckboxField, Field, TextArea } from "~/components/ui/field";
import { ConsentWords } from "./consent-words";
import { LeadForm, type LeadFormConfig } from "./lead-form";

const initial = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  message: "",
  agreeToPolicy: false,
};

const contactForm: LeadFormConfig<typeof initial, typeof ContactSchema> = {
  initial,
  schema: ContactSchema,
  endpoint: contactEndpoint.path,
  toBody: (data, website) => ({ ...data, website }),
  consentForm: "contact",
  toasts: { invalid: CONTACT_INVALID_TOAST, success: CONTACT_SUCCESS_TOAST },
  label: "Send us a message",
  submit: { idle: "Send Message", pending: "Sending…" },
  textFields: [
    { name: "firstName", label: "First name", required: true, autoComplete: "given-name" },
    { name: "lastName", label: "Last name", required: true, autoComplete: "family-name" },
    { name: "email", label: "Email", required: true, type: "email", autoComplete: "email" },
    { name: "phone", label: "Phone (optional)", type: "tel", autoComplete: "tel" },
  ],
};

/** The contact form of /contact-us (rules and messages: leads/contact.ts). */
export function ContactForm() {
  return (
    <LeadForm config={contactForm}>
      {({ values, setValue, errors }) => (
        <>
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
            label={<ConsentWords form="contact" />}
          />
        </>
      )}
    </LeadForm>
  );
}
