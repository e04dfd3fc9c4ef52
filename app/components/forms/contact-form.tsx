import { Link } from "react-router";
import { CONTACT_INVALID_TOAST, CONTACT_SUCCESS_TOAST, ContactSchema } from "@leads/contact";
import { Field, TextArea, TextInput } from "~/components/ui/field";
import { HoneypotField } from "./honeypot-field";
import { useLeadForm } from "./use-lead-form";

const initial = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  message: "",
  agreeToPolicy: false,
};

/** The contact form (spec 2.10, 5). */
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
      noValidate
      onSubmit={form.onSubmit}
      className="grid gap-5 sm:grid-cols-2"
      aria-label="Send us a message"
    >
      <Field label="First name" required error={errors.firstName}>
        {(props) => (
          <TextInput
            {...props}
            name="firstName"
            autoComplete="given-name"
            value={values.firstName}
            onChange={(e) => setValue("firstName", e.target.value)}
          />
        )}
      </Field>
      <Field label="Last name" required error={errors.lastName}>
        {(props) => (
          <TextInput
            {...props}
            name="lastName"
            autoComplete="family-name"
            value={values.lastName}
            onChange={(e) => setValue("lastName", e.target.value)}
          />
        )}
      </Field>
      <Field label="Email" required error={errors.email}>
        {(props) => (
          <TextInput
            {...props}
            type="email"
            name="email"
            autoComplete="email"
            value={values.email}
            onChange={(e) => setValue("email", e.target.value)}
          />
        )}
      </Field>
      <Field label="Phone (optional)" error={errors.phone}>
        {(props) => (
          <TextInput
            {...props}
            type="tel"
            name="phone"
            autoComplete="tel"
            value={values.phone}
            onChange={(e) => setValue("phone", e.target.value)}
          />
        )}
      </Field>
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
