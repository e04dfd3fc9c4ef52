import {
  DEMO_INVALID_TOAST,
  DEMO_SUCCESS_TOAST,
  DemoFormSchema,
  type DemoProduct,
  INDUSTRIES,
} from "@leads/demo";
import { apiPaths } from "@common/paths";
import { Combobox } from "~/components/ui/combobox";
import { Field } from "~/components/ui/field";
import { LeadForm } from "./lead-form";
import { LeadTextField } from "./lead-text-field";
import { toastOutcomes, useLeadForm } from "./use-lead-form";

const initial = { name: "", email: "", phone: "", company: "", jobTitle: "", industry: "" };

/**
 * The demo request form of the five demo pages. All five show the same invalid-form message,
 * send the industry as typed, and post to /api/demo with their product.
 */
export function DemoRequestForm({ product }: { product: DemoProduct }) {
  const form = useLeadForm({
    initial,
    schema: DemoFormSchema,
    endpoint: apiPaths.demo,
    toBody: (formData, website) => ({ product, formData, website }),
    outcomes: toastOutcomes(DEMO_INVALID_TOAST, DEMO_SUCCESS_TOAST),
  });
  const { values, setValue, errors } = form;

  return (
    <LeadForm
      form={form}
      label="Request a demo"
      submit={{ idle: "Submit", pending: "Submitting…" }}
    >
      <LeadTextField form={form} name="name" label="Name" required autoComplete="name" />
      <LeadTextField
        form={form}
        name="email"
        label="Email Address"
        required
        type="email"
        autoComplete="email"
      />
      <LeadTextField
        form={form}
        name="phone"
        label="Phone Number"
        required
        type="tel"
        autoComplete="tel"
      />
      <LeadTextField form={form} name="company" label="Company" autoComplete="organization" />
      <LeadTextField
        form={form}
        name="jobTitle"
        label="Job Title"
        autoComplete="organization-title"
      />
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
      <input type="hidden" name="product" value={product} />
    </LeadForm>
  );
}
