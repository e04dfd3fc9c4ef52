import { NewsletterSignup } from "~/components/forms/newsletter-signup";
import { defineIslands } from "../define";
import { hydrateIslands } from "../hydrate";

/** The home page's newsletter form. */
export const homeIslands = defineIslands("home", { newsletter: NewsletterSignup });

if (typeof document !== "undefined") hydrateIslands(homeIslands);
