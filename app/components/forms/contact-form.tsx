import type { ContactSchema } from "@leads/contact";
import {
  CONTACT_INVALID_TOAST,
  CONTACT_SUCCESS_TOAST,
  MAX_EMAIL,
  MAX_MESSAGE,
  MAX_PHONE,
  MAX_TEXT,
  PHONE_HINT,
} from "@leads/messages";
import type { RefusedForm } from "@leads/refused-form";
import { apiPaths } from "@common/paths";
import { CheckboxField, Field, TextArea } from "~/components/ui/field";
import { formOutcomes, serviceHours } from "~/content/form-outcomes";
import { CharacterCountAnnouncer, characterCountText } from "./character-count";
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
  // The rules (the validation library and the phone numbering plan) load as the visitor enters
  // the form, not with the page.
  schema: () => import("@leads/contact").then((rules) => rules.ContactSchema),
  endpoint: apiPaths.contact,
  toBody: (data, website) => ({ ...data, website }),
  consentForm: "contact",
  toasts: { invalid: CONTACT_INVALID_TOAST, success: CONTACT_SUCCESS_TOAST },
  label: "Send us a message",
  submit: { idle: "Send Message", pending: "Sending…" },
  textFields: [
    {
      name: "firstName",
      label: "First name",
      required: true,
      autoComplete: "given-name",
      maxLength: MAX_TEXT,
    },
    {
      name: "lastName",
      label: "Last name",
      required: true,
      autoComplete: "family-name",
      maxLength: MAX_TEXT,
    },
    {
      name: "email",
      label: "Email",
      required: true,
      type: "email",
      autoComplete: "email",
      maxLength: MAX_EMAIL,
    },
    {
      name: "phone",
      label: "Phone (optional)",
      type: "tel",
      autoComplete: "tel",
      maxLength: MAX_PHONE,
      hint: PHONE_HINT,
    },
  ],
  sent: ({ email }) => ({
    headline: formOutcomes.contact.headline,
    body: (
      <>
        <p>{formOutcomes.contact.text}</p>
        <p>
          We will write to <strong className="break-all">{email}</strong>.
        </p>
        <p>{serviceHours}</p>
      </>
    ),
  }),
  sendAnother: "Send another message",
};

/**
 * The contact form of /contact-us (rules and messages: leads/contact.ts, leads/messages.ts);
 * `refused` when the page answers this form posted without JavaScript and refused.
 */
export function ContactForm({ refused }: { refused?: RefusedForm }) {
  return (
    <LeadForm config={contactForm} refused={refused}>
      {({ values, setValue, errors, fieldId }) => (
        <>
          <Field
            id={fieldId("message")}
            label="Message"
            required
            error={errors.message}
            hint={characterCountText(values.message.length, MAX_MESSAGE)}
            className="sm:col-span-2"
          >
            {(props) => (
              <TextArea
                {...props}
                name="message"
                rows={10}
                maxLength={MAX_MESSAGE}
                value={values.message}
                onChange={(e) => setValue("message", e.target.value)}
              />
            )}
          </Field>
          <CharacterCountAnnouncer length={values.message.length} max={MAX_MESSAGE} />
          <CheckboxField
            id={fieldId("agreeToPolicy")}
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
