/** What several staff routes answer, written once (routes.ts, passkey-routes.ts). */
import * as z from "zod/mini";
import { STAFF_ROLES } from "../../staff-api/roles";

/** Every refusal: a message a person can read. */
export const Failed = z.object({ error: z.string() });

/** Who is signed in: the answer of `me` and of every sign-in. */
export const Me = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
});

export const TOO_MANY = { error: "Too many attempts. Please wait and try again." };
export const UNAVAILABLE = { error: "Please try again in a few minutes." };
