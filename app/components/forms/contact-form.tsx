import { Link } from "react-router";
import { CONTACT_INVALID_TOAST, CONTACT_SUCCESS_TOAST, ContactSchema } from "@leads/contact";
import { Field, TextArea } from "~/components/ui/field";
import { HoneypotField } from "./honeypot-field";
import { LeadTextField } from "./lead-text-field";
import { useLeadForm } from "./use-lead-form";

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
    endpoint: "/api/contact",
    toBody: (data, website) => ({ ...data, website }),
    invalidMessage: CONTACT_INVALID_TOAST,
    successMessage: CONTACT_SUCCESS_TOAST,
  });
  const { values, setValue, errors } = form;

  return (
    <form
      method="post"
      action="/api/contact"
      noValidate
      onSubmit={form.onSubmit}
      className="grid gap-5 sm:grid-cols-2"
      aria-label="Send us a message"
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
      <div className="sm:col-span-2">
        <div className="flex items-start gap-3">
          <input
            id="agree-to-policy"
            type="checkbox"
            name="agreeToPolicy"
            checked={values.agreeToPolicy}
            onChange={(e) => setValue("agreeToPolicy", e.target.checked)}
            aria-invalid={errors.agreeToPolicy ? true : undefined}
            aria-describedby={errors.agreeToPolicy ? "agree-to-policy-error" : undefined}
            className="mt-1 size-5 shrink-0 accent-brand-800"
          />
          <label htmlFor="agree-to-policy">
            I agree to the{" "}
            <Link
              to="/terms-and-conditions#privacy-policy"
              className="font-semibold text-brand-700 underline"
            >
              privacy policy
            </Link>
            .
          </label>
        </div>
        {errors.agreeToPolicy ? (
          <p id="agree-to-policy-error" className="mt-1.5 text-sm font-medium text-red-700">
            {errors.agreeToPolicy}
          </p>
        ) : null}
      </div>
      <HoneypotField value={form.honeypot} onChange={form.setHoneypot} />
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" aria-disabled={form.pending || undefined}>
          {form.pending ? "Sending…" : "Send Message"}
        </button>
      </div>
    </form>
  );
}
