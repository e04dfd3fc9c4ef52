/**
 * Lead routing (server/leads/routing/): which member of staff a new lead goes to, for admins.
 * The rules are read in order and the first that matches a lead names its owner, or a rotation
 * whose next available member gets it.
 */
import * as z from "zod/mini";
import { DEMO_PRODUCTS } from "../leads/demo";
import { email, emailKey } from "../leads/email";
import { LEAD_TYPES } from "../leads/workflow";
import { Failed, REFUSALS } from "./answers";
import { endpoint } from "./endpoint";
import { ADMIN_ROLES } from "./roles";

/** As many rules, and members of one rotation, as a team could use; more is a mistake. */
export const MAX_RULES = 50;
export const MAX_ROTATION = 50;

/** What a rule is told when it names someone who may not own leads (the 400 names them). */
export const notAnOwner = (address: string) =>
  `${address} is not an enabled sales or admin account`;

/** What a rule with an owner and `reassignOverdue` is told. */
export const ONLY_A_ROTATION_HANDS_ON = "only a rotation can hand on an overdue lead";

/**
 * One rule as stored and answered: a lead of `type` (of `product`, or of any product when none is
 * named) goes to `owner`, or to the next available member of `rotation`. Exactly one of the two.
 * `reassignOverdue` (a rotation's only; absent: false): a lead escalated for being past its
 * response target goes to the rotation's next available member.
 */
export const RoutingRule = z.strictObject({
  type: z.enum(LEAD_TYPES),
  product: z.optional(z.enum(DEMO_PRODUCTS)),
  owner: z.optional(z.string()),
  rotation: z.optional(z.array(z.string())),
  reassignOverdue: z.optional(z.boolean()),
});
export type RoutingRule = z.output<typeof RoutingRule>;

export const RoutingRules = z.strictObject({ rules: z.array(RoutingRule) });
export type RoutingRules = z.output<typeof RoutingRules>;

/** A rule as the console sends it: the addresses checked, and its parts consistent. */
const RuleInput = z.object({
  type: z.enum(LEAD_TYPES),
  product: z.optional(z.enum(DEMO_PRODUCTS)),
  owner: z.optional(email()),
  rotation: z.optional(
    z.array(email()).check(
      z.minLength(1, "list at least one member"),
      z.maxLength(MAX_ROTATION, `at most ${MAX_ROTATION} members`),
      z.refine(
        (members) => new Set(members.map(emailKey)).size === members.length,
        "a member listed twice",
      ),
    ),
  ),
  reassignOverdue: z.optional(z.boolean()),
});
const ruleIsWhole = z.refine<z.output<typeof RuleInput>>(
  (rule) => (rule.owner === undefined) !== (rule.rotation === undefined),
  "a rule names either one owner or a rotation",
);
const handOnByRotation = z.refine<z.output<typeof RuleInput>>(
  (rule) => !rule.reassignOverdue || rule.rotation !== undefined,
  ONLY_A_ROTATION_HANDS_ON,
);
const productOnDemand = z.refine<z.output<typeof RuleInput>>(
  (rule) => rule.product === undefined || rule.type === "demo",
  "only a demo request has a product",
);

export const RoutingInput = z.object({
  rules: z
    .array(RuleInput.check(ruleIsWhole, productOnDemand, handOnByRotation))
    .check(z.maxLength(MAX_RULES, `at most ${MAX_RULES} rules`)),
});

export const routingApi = {
  /** The rules in order, and their version (ETag) for `update`. */
  get: endpoint({
    method: "GET",
    path: "/api/staff/routing",
    roles: ADMIN_ROLES,
    versioned: true,
    answers: { 200: RoutingRules, 401: Failed, 403: Failed, 503: Failed },
  }),
  /**
   * Every rule, in order, replacing those there were, of the version read (If-Match): 412 with
   * the rules as they now are when they changed since, 428 without a version. An owner or member
   * who is not an enabled sales or admin account is a 400 naming the address.
   */
  update: endpoint({
    method: "PUT",
    path: "/api/staff/routing",
    roles: ADMIN_ROLES,
    versioned: true,
    body: RoutingInput,
    answers: { 200: RoutingRules, ...REFUSALS, 412: RoutingRules, 428: Failed },
  }),
};
