import type { FastifyPluginAsync } from "fastify";
import * as z from "zod/mini";
import type { DB } from "../db/database";
import { zodRoute } from "../http/zod-schemas";
import { NewsletterContentSchema, renderNewsletter } from "../newsletter/content";
import { type StoredWelcome, readWelcome, saveWelcome } from "../newsletter/welcome";
import { recordAudit } from "./audit";
import { staffApiPaths } from "./paths";
import { REFUSALS, auditActorOf, firstIssue, unavailable } from "./route-kit";

/**
 * A draft may be longer than the app's 16 KB limit on bodies: 20,000 characters of Markdown
 * (newsletter/welcome.ts), up to four bytes each, and the subject.
 */
export const DRAFT_BODY_LIMIT = 96 * 1024;

/** Who writes to the subscribers: marketing, and admins. */
export const NEWSLETTER_ROLES = ["marketing", "admin"] as const;

const Preview = z.object({ subject: z.string(), html: z.string(), text: z.string() });
const WelcomeAnswer = z.object({
  subject: z.string(),
  markdown: z.string(),
  html: z.string(),
  text: z.string(),
  updatedAt: z.nullable(z.string()),
  updatedBy: z.nullable(z.string()),
});

const answer = (welcome: StoredWelcome) => ({ ...welcome, ...renderNewsletter(welcome) });

/**
 * The welcome e-mail under /api/staff/newsletter/welcome, for marketing and admins: read it (with
 * its HTML as subscribers will see it), preview a draft, save it (audited). Registered inside
 * staffRoutes, whose hooks (no-store, JSON-only writes) apply.
 */
export const newsletterRoutes: FastifyPluginAsync<{ db: DB; now: () => Date }> = async (
  app,
  { db, now },
) => {
  const guard = app.requireStaff(...NEWSLETTER_ROLES);

  app.get(
    staffApiPaths.welcome,
    { ...zodRoute({ response: { 200: WelcomeAnswer, ...REFUSALS } }), preHandler: guard },
    async (request, reply) => {
      try {
        return answer(await readWelcome(db));
      } catch (error) {
        return unavailable(request, reply, error, "welcome e-mail");
      }
    },
  );

  app.post(
    staffApiPaths.newsletterPreview,
    {
      ...zodRoute({ body: NewsletterContentSchema, response: { 200: Preview, ...REFUSALS } }),
      bodyLimit: DRAFT_BODY_LIMIT,
      preHandler: guard,
    },
    async (request, reply) => {
      const invalid = firstIssue(request);
      if (invalid) return reply.code(400).send({ error: invalid });
      return renderNewsletter(request.body as z.output<typeof NewsletterContentSchema>);
    },
  );

  app.put(
    staffApiPaths.welcome,
    {
      ...zodRoute({ body: NewsletterContentSchema, response: { 200: WelcomeAnswer, ...REFUSALS } }),
      bodyLimit: DRAFT_BODY_LIMIT,
      preHandler: guard,
    },
    async (request, reply) => {
      const invalid = firstIssue(request);
      if (invalid) return reply.code(400).send({ error: invalid });
      const welcome = request.body as z.output<typeof NewsletterContentSchema>;
      const at = now().toISOString();
      const actor = auditActorOf(request);
      try {
        return await db.transaction().execute(async (trx) => {
          await saveWelcome(trx, welcome, { accountId: actor.id, at });
          await recordAudit(trx, {
            action: "newsletter.welcome-changed",
            at,
            actor,
            detail: { subjectLength: welcome.subject.length, length: welcome.markdown.length },
          });
          return answer(await readWelcome(trx));
        });
      } catch (error) {
        return unavailable(request, reply, error, "welcome e-mail");
      }
    },
  );
};
