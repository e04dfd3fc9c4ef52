import {
  DEMO_INVALID_TOAST,
  DEMO_SUCCESS_TOAST,
  DemoFormSchema,
  type DemoProduct,
  INDUSTRIES,
} from "@leads/demo";
import { Combobox } from "~/components/ui/combobox";
import { Field, TextInput } from "~/components/ui/field";
import { HoneypotField } from "./honeypot-field";
import { useLeadForm } from "./use-lead-form";

const initial = { name: "", email: "", phone: "", company: "", jobTitle: "", industry: "" };

/** The demo request form of the five demo pages (spec 2.11, 5; D4, D5, D8). */
export function DemoRequestForm({ product }: { product: DemoProduct }) {
  const form = useLeadForm({
    initial,
    schema: DemoFormSchema,
    endpoint: "/api/demo",
    toBody: (formData, website) => ({ product, formData, website }),
    invalidMessage: DEMO_INVALID_TOAST,
    successMessage: DEMO_SUCCESS_TOAST,
  });
  const { values, setValue, errors } = form;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit}
      className="grid gap-5 sm:grid-cols-2"
      aria-label="Request a demo"
    >
      <Field label="Name" required error={errors.name}>
        {(props) => (
          <TextInput
            {...props}
            name="name"
            autoComplete="name"
            value={values.name}
            onChange={(e) => setValue("name", e.target.value)}
          />
        )}
      </Field>
      <Field label="Email Address" required error={errors.email}>
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
      <Field label="Phone Number" required error={errors.phone}>
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
      <Field label="Company" error={errors.company}>
        {(props) => (
          <TextInput
            {...props}
            name="company"
            autoComplete="organization"
            value={values.company}
            onChange={(e) => setValue("company", e.target.value)}
          />
        )}
      </Field>
      <Field label="Job Title" error={errors.jobTitle}>
        {(props) => (
          <TextInput
            {...props}
            name="jobTitle"
            autoComplete="organization-title"
            value={values.jobTitle}
            onChange={(e) => setValue("jobTitle", e.target.value)}
          />
        )}
      </Field>
      <Field label="Industry" error={errors.industry} hint="Pick a suggestion or type your own.">
        {(props) => (
          <Combobox
            {...props}
            name="industry"
            options={INDUSTRIES}
            value={values.industry}
            onChange={(v) => setValue("industry", v)}
          />
        )}
      </Field>
      <HoneypotField value={form.honeypot} onChange={form.setHoneypot} />
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" aria-disabled={form.pending || undefined}>
          {form.pending ? "Submitting…" : "Submit"}
        </button>
      </div>
    </form>
  );
}
