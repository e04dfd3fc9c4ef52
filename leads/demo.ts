import * as z from "zod/mini";
import { formEndpoint } from "./form-endpoint";
import { email } from "./email";
import { optionalText, requiredText, formPostFields } from "./fields";
import { DEMO_MESSAGES } from "./messages";
import { phoneField } from "./phone-field";
import { apiPaths, demoPaths } from "../common/paths";

/** The products a demo can be requested for: the keys of the demo pages' paths. */
export type DemoProduct = keyof typeof demoPaths;
export const DEMO_PRODUCTS = Object.keys(demoPaths) as [DemoProduct, ...DemoProduct[]];

/** The products' names as the sales team's e-mails and the staff console write them. */
export const DEMO_PRODUCT_NAMES: Record<DemoProduct, string> = {
  aslan: "ASLAN",
  "pension-management": "Pension Management System",
  banking: "Core Banking",
  "school-billing": "School Billing & Payments",
  vas: "Value Added Services",
};

/**
 * A demo's product by name (the console, the inbox's Excel export); a value that is no product's
 * is shown as it is.
 */
export function productLabel(product: string | undefined): string {
  if (!product) return "";
  return DEMO_PRODUCT_NAMES[product as DemoProduct] ?? product;
}

export { DEMO_INVALID_TOAST, DEMO_SUCCESS_TOAST, INDUSTRIES } from "./messages";

const { name, company, jobTitle, industry } = DEMO_MESSAGES;

/** The fields of a demo request form (its words: messages.ts). */
export const DemoFormSchema = z.object({
  name: requiredText(name.required, { tooLong: name.tooLong }),
  email: email(),
  phone: phoneField({ required: true }),
  company: optionalText({ tooLong: company.tooLong }),
  jobTitle: optionalText({ tooLong: jobTitle.tooLong }),
  industry: optionalText({ tooLong: industry.tooLong }),
});
export type DemoForm = z.output<typeof DemoFormSchema>;
export type DemoFormInput = z.input<typeof DemoFormSchema>;

/** What every demo form posts to /api/demo: the product and the form's fields as formData. */
export const DemoRequestSchema = z.object({
  product: z.enum(DEMO_PRODUCTS, { error: DEMO_MESSAGES.product }),
  formData: DemoFormSchema,
  ...formPostFields,
});
export type DemoRequest = z.output<typeof DemoRequestSchema>;

/** POST /api/demo, a demo request: 201 once stored (./form-endpoint.ts). */
export const demoEndpoint = formEndpoint(apiPaths.demo, DemoRequestSchema, 201);
