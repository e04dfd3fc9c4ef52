import {
  DEMO_INVALID_TOAST,
  DEMO_SUCCESS_TOAST,
  DemoFormSchema,
  type DemoProduct,
  demoEndpoint,
  INDUSTRIES,
} from "@leads/demo";
import { Combobox } from "~/components/ui/combobox";
import { Field } from "~/components/ui/field";
import { LeadForm, type LeadFormConfig } from "./lead-form";

const initial = { name: "", email: "", phone: "", company: "", jobTitle: "", industry: "" };

/** The demo form of one product: the lead names the product beside what the visitor typed. */
const demoForm = (product: DemoProduct): LeadFormConfig<typeof initial, typeof DemoFormSchema> => ({
  initial,
  schema: DemoFormSchema,
  endpoint: demoEndpoint.path,
  toBody: (formData, website) => ({ product, formData, website }),
  consentForm: "demo",
  consentNotice: true,
  toasts: { invalid: DEMO_INVALID_TOAST, success: DEMO_SUCCESS_TOAST },
  label: "Request a demo",
  submit: { idle: "Submit", pending: "Submitting…" },
  textFields: [
    { name: "name", label: "Name", required: true, autoComplete: "name" },
    { name: "email", label: "Email Address", required: true, type: "email", autoComplete: "email" },
    { name: "phone", label: "Phone Number", required: true, type: "tel", autoComplete: "tel" },
    { name: "company", label: "Company", autoComplete: "organization" },
    { name: "jobTitle", label: "Job Title", autoComplete: "organization-title" },
  ],
});

/**
 * The demo request form of the five demo pages. All five show the same invalid-form message,
 * send the industry as typed, and post to /api/demo with their product.
 */
export function DemoRequestForm({ product }: { product: DemoProduct }) {
  return (
    <LeadForm config={demoForm(product)}>
      {({ values, setValue, errors }) => (
        <>
          <Field
            label="Industry"
            error={errors.industry}
            hint="Pick a suggestion or type your own."
          >
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
        </>
      )}
    </LeadForm>
  );
}
