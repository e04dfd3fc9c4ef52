import { NewsletterDialog } from "~/components/forms/newsletter-dialog";
import { defineIslands } from "../define";
import { hydrateIslands } from "../hydrate";

/** The help centre's newsletter dialog (its opener works without script: app/widgets/). */
export const helpCenterIslands = defineIslands("help-center", { newsletter: NewsletterDialog });

if (typeof document !== "undefined") hydrateIslands(helpCenterIslands);
