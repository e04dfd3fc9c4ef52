import { ContactForm } from "~/components/forms/contact-form";
import { Toaster } from "~/components/ui/toast";
import { defineIslands } from "../define";
import { hydrateIslands } from "../hydrate";

/** The contact form and the toasts it raises (one module: they share the toast store). */
export const contactIslands = defineIslands("contact-us", { toaster: Toaster, form: ContactForm });

if (typeof document !== "undefined") hydrateIslands(contactIslands);
