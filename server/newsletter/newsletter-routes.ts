import type { FastifyPluginAsync } from "fastify";
import * as z from "zod/mini";
import { TestRecipients, welcomeApi } from "../../staff-api/newsletter";
import { NewsletterContentSchema, type PictureLibrary, renderNewsletter } from "./markdown/content";
import { type StoredWelcome, readWelcome, saveWelcome, welcomeVersion } from "./welcome";
import { recordAudit } from "../audit/audit";
import { answer, routesOn, versionMatches } from "../http/contract-routes";
import { auditActorOf } from "../http/route-kit";
import type { StaffRoutesOptions } from "../staff-api-routes";
import { testCopies } from "./campaigns/test-copies";

/**
 * A draft may be longer than the app's 16 KB limit on bodies: 20,000 characters of Markdown
 * (staff-api/newsletter.ts), up to four bytes each, and the subject.
 */
export const DRAFT_BODY_LIMIT = 96 * 1024;

/**
 * How a route that takes a draft reads it: with the server's schema, which adds the render check
 * to the contract's (server/newsletter/markdown/content.ts), and a larger body limit.
 */
export const DRAFT = { body: NewsletterContentSchema, bodyLimit: DRAFT_BODY_LIMIT };

const rendered = async (welcome: StoredWelcome, library: PictureLibrary) => ({
  ...welcome,
  ...(await renderNewsletter(welcome, library)),
});

/**
 * The welcome e-mail under /api/staff/newsletter/welcome, as staff-api/newsletter.ts defines it,
 * for marketing and admins: read it (with its HTML as subscribers will see it), preview a draft,
 * send a test of the draft as typed, save it (each audited). Registered inside staffRoutes, whose hooks (no-store, JSON-only writes)
 * apply.
 */
export const newsletterRoutes: FastifyPluginAsync<StaffRoutesOptions> = async (app, options) => {
  const { db, now, checkAnswers } = options;
  const route = routesOn(app, { checkAnswers });
  // Where the media library's pictures in the welcome e-mail are read and served from.
  const library = { db, publicUrl: options.config.publicUrl };
  const sendTest = testCopies(options);

  route(welcomeApi.get, "welcome e-mail", async () => {
    const welcome = await readWelcome(db);
    return answer(200, await rendered(welcome, library), welcomeVersion(welcome));
  });

  route(
    welcomeApi.preview,
    {
      what: "welcome e-mail",
      ...DRAFT,
    },
    async ({ body }) => answer(200, await renderNewsletter(body, library)),
  );

  route(
    welcomeApi.save,
    { what: "welcome e-mail", ...DRAFT },
    async ({ body: welcome, request, ifMatch }) => {
      const at = now().toISOString();
      const actor = auditActorOf(request);
      const isCurrent = (version: string) => versionMatches(ifMatch, version);
      const { saved, now: current } = await db.transaction().execute(async (trx) => {
        const saved = await saveWelcome(trx, welcome, { accountId: actor.id, at }, isCurrent);
        if (saved) {
          await recordAudit(trx, {
            action: "newsletter.welcome-changed",
            at,
            actor,
            detail: { subjectLength: welcome.subject.length, length: welcome.markdown.length },
          });
        }
        return { saved, now: await readWelcome(trx) };
      });
      // Rendered once the transaction is done: it need not wait on the render worker.
      const body = await rendered(current, library);
      return answer(saved ? 200 : 412, body, welcomeVersion(current));
    },
  );

  route(
    welcomeApi.test,
    {
      what: "welcome e-mail",
      ...DRAFT,
      body: z.object({ ...NewsletterContentSchema.shape, ...TestRecipients }),
    }, // The draft as typed, saved or not: testing comes before saving.
    async ({ body: { to, ...draft }, ...asker }) =>
      sendTest(asker, {
        to,
        content: await renderNewsletter(draft, library),
        audit: { action: "newsletter.welcome-test-sent" },
      }),
  );
};
