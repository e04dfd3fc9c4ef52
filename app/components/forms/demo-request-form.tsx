import type { DemoFormSchema, DemoProduct } from "@leads/demo";
import {
  DEMO_INVALID_TOAST,
  DEMO_SUCCESS_TOAST,
  INDUSTRIES,
  MAX_EMAIL,
  MAX_PHONE,
  MAX_TEXT,
  PHONE_HINT,
} from "@leads/messages";
import type { RefusedForm } from "@leads/refused-form";
import { apiPaths } from "@common/paths";
import { Combobox } from "~/components/ui/combobox";
import { Field } from "~/components/ui/field";
import { formOutcomes, serviceHours } from "~/content/form-outcomes";
import { LeadForm, type LeadFormConfig } from "./lead-form";

const initial = { name: "", email: "", phone: "", company: "", jobTitle: "", industry: "" };

/** The demo form of one product: the lead names the product beside what the visitor typed. */
const demoForm = (product: DemoProduct): LeadFormConfig<typeof initial, typeof DemoFormSchema> => ({
  initial,
  // The rules load as the visitor enters the form, not with the page.
  schema: () => import("@leads/demo").then((rules) => rules.DemoFormSchema),
  endpoint: apiPaths.demo,
  toBody: (formData, website) => ({ product, formData, website }),
  consentForm: "demo",
  consentNotice: true,
  toasts: { invalid: DEMO_INVALID_TOAST, success: DEMO_SUCCESS_TOAST },
  label: "Request a demo",
  submit: { idle: "Submit", pending: "Submitting…" },
  textFields: [
    { name: "name", label: "Name", required: true, autoComplete: "name", maxLength: MAX_TEXT },
    {
      name: "email",
      label: "Email Address",
      required: true,
      type: "email",
      autoComplete: "email",
      maxLength: MAX_EMAIL,
    },
    {
      name: "phone",
      label: "Phone Number",
      required: true,
      type: "tel",
      autoComplete: "tel",
      maxLength: MAX_PHONE,
      hint: PHONE_HINT,
    },
    { name: "company", label: "Company", autoComplete: "organization", maxLength: MAX_TEXT },
    {
      name: "jobTitle",
      label: "Job Title",
      autoComplete: "organization-title",
      maxLength: MAX_TEXT,
    },
  ],
  sent: ({ email, phone }) => ({
    headline: formOutcomes.demo.headline,
    body: (
      <>
        <p>{formOutcomes.demo.text}</p>
        <p>
          We will write to <strong className="break-all">{email}</strong> or call{" "}
          <strong>{phone}</strong>.
        </p>
        <p>{serviceHours}</p>
      </>
    ),
  }),
  sendAnother: "Request another demo",
});

/**
 * The demo request form of the five demo pages. All five show the same invalid-form message,
 * send the industry as typed, and post to /api/demo with their product.
 */
export function DemoRequestForm({
  product,
  refused,
}: {
  product: DemoProduct;
  /** This form, posted without JavaScript, refused by the server. */
  refused?: RefusedForm;
}) {
  return (
    <LeadForm config={demoForm(product)} refused={refused}>
      {({ values, setValue, errors, fieldId }) => (
        <>
          <Field
            id={fieldId("industry")}
            label="Industry"
            error={errors.industry}
            hint="Pick a suggestion or type your own."
          >
            {(props) => (
              <Combobox
                {...props}
                name="industry"
                options={INDUSTRIES}
                maxLength={MAX_TEXT}
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
