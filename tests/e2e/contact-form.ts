import type { Page } from "@playwright/test";
import { expect, gotoReady } from "./fixtures";
import { contactForm, toastWith, randomTag } from "./helpers";
import { pagePaths } from "../../common/paths";

// The contact form's steps and messages that the contact page's specs share.

export const INVALID_TOAST = "Please fill in all the required fields and agree to the policy";
export const SUCCESS_TOAST = "Message sent successfully";
export const FIELD_MESSAGES = {
  firstName: "Enter your first name",
  lastName: "Enter your last name",
  email: "Enter your e-mail address",
  message: "Enter your message",
  agreeToPolicy: "Tick the box to agree to our privacy policy",
} as const;

/** The contact page, loaded, and its form. */
export async function openContactForm(page: Page) {
  await gotoReady(page, pagePaths.contactUs);
  return contactForm(page);
}

export type ContactForm = ReturnType<typeof contactForm>;

/** Values a visitor types; the e-mail address is unique per run so leads are told apart. */
export function sampleValues() {
  const stamp = `${Date.now()}-${randomTag()}`;
  return {
    firstName: "Ama",
    lastName: "Mensah",
    email: `ama.mensah.${stamp}@example.com`,
    phone: "+233 55 000 0000",
    message: "We would like to collect school fees by mobile money. Please call us.",
  };
}

export async function fillValid(form: ContactForm, values = sampleValues()) {
  await form.firstName.fill(values.firstName);
  await form.lastName.fill(values.lastName);
  await form.email.fill(values.email);
  await form.phone.fill(values.phone);
  await form.message.fill(values.message);
  await form.agree.check();
  return values;
}

/** A refused form's error summary, which takes the focus. */
export function errorSummary(page: Page) {
  return page.getByRole("group", { name: "There is a problem" });
}

/** Sends the empty contact form; returns the toast that says what is missing, once shown. */
export async function showInvalidToast(page: Page) {
  await contactForm(page).submit.click();
  const toast = toastWith(page, INVALID_TOAST);
  await expect(toast).toBeVisible();
  return toast;
}
