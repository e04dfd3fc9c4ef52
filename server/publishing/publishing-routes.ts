import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type * as z from "zod/mini";
import { CONTENT_KINDS, type ContentKind } from "../../common/published";
import { CONTENT_APIS, NO_SUCH_ITEM, type articlesApi } from "../../staff-api/publishing";
import type { StaffRoutesOptions } from "../staff-api-routes";
import { answer, ifMatchOf, routesOn, versionMatches } from "../http/contract-routes";
import { auditActorOf, instant } from "../http/route-kit";
import type { StaffIdentity } from "../staff/sign-in/sessions";
import {
  type ContentItem,
  changedFields,
  createItem,
  listItems,
  listRevisions,
  readItem,
  revisionFields,
  saveRevision,
} from "./content-store";
import { auditContent, publishItem, unpublishItem } from "./publishing";

/** The refusal of a schedule whose time has passed (as a campaign's). */
const PAST_TIME = "at: That time has passed. Choose a time still to come, or publish it now.";

/**
 * The three kinds' endpoints are alike but for their fields: the routes are written once, typed
 * by the articles' endpoints, and registered with each kind's own, whose schemas check every
 * request (and, in tests, every answer: checkAnswers) against that kind's fields.
 */
type KindApi = typeof articlesApi;
type ArticleItem = z.output<KindApi["get"]["answers"][200]>;
type ArticleRevisions = z.output<KindApi["revisions"]["answers"][200]>;

/** An item as its kind's answer: its version (the latest revision) is its ETag. */
const itemAnswer = <const S extends 200 | 202 | 412>(status: S, item: ContentItem) =>
  answer(status, item as unknown as ArticleItem, String(item.revision));

/**
 * Publishing under /api/staff/articles, /case-studies and /positions, as staff-api/publishing.ts
 * defines them, for marketing and admins: write (each save a complete revision), read the
 * revisions and restore one, publish now or at a time, unpublish. Publishing, scheduling,
 * unpublishing and restoring are audited with the change.
 */
export const publishingRoutes: FastifyPluginAsync<StaffRoutesOptions> = async (app, options) => {
  const { db, now, checkAnswers } = options;
  const isBuiltPage = options.isBuiltPage ?? (() => false);
  const route = routesOn(app, { checkAnswers });
  const save = (staff: StaffIdentity) => ({ by: staff.email, at: now(), name: staff.name });
  /** Whether a write's optional If-Match (publish, unpublish) names another version. */
  const stale = (request: FastifyRequest, item: ContentItem) => {
    const ifMatch = ifMatchOf(request.headers["if-match"]);
    return ifMatch !== null && !versionMatches(ifMatch, String(item.revision));
  };

  for (const kind of CONTENT_KINDS) registerKind(kind, CONTENT_APIS[kind] as unknown as KindApi);

  function registerKind(kind: ContentKind, api: KindApi) {
    const what = `${kind} publishing`;
    /** The item, or the endpoint's 404. */
    const found = async (id: string, refuse: (status: 404, message: string) => Error) => {
      const item = await readItem(db, kind, id, now());
      if (!item) throw refuse(404, NO_SUCH_ITEM);
      return item;
    };
    const current = async (id: string) => (await readItem(db, kind, id, now())) as ContentItem;

    route(api.list, what, async () => answer(200, { items: await listItems(db, kind, now()) }));

    route(api.create, what, async ({ body, staff }) => {
      const created = await db
        .transaction()
        .execute((trx) => createItem(trx, kind, body, save(staff), isBuiltPage));
      return answer(201, created);
    });

    route(api.get, what, async ({ params, refuse }) => {
      return itemAnswer(200, await found(params.id, refuse));
    });

    route(api.update, what, async ({ params, body, staff, ifMatch, refuse }) => {
      const item = await found(params.id, refuse);
      if (!versionMatches(ifMatch, String(item.revision))) return itemAnswer(412, item);
      const fields = changedFields(item, body);
      const saved = await db
        .transaction()
        .execute((trx) => saveRevision(trx, item, fields, save(staff), isBuiltPage));
      return itemAnswer(saved ? 200 : 412, await current(item.id));
    });

    route(api.revisions, what, async ({ params, refuse }) => {
      const items = await listRevisions(db, kind, params.id);
      if (!items) throw refuse(404, NO_SUCH_ITEM);
      return answer(200, { items } as unknown as ArticleRevisions);
    });

    route(api.restore, what, async ({ params, staff, ifMatch, request, refuse }) => {
      const item = await found(params.id, refuse);
      if (!versionMatches(ifMatch, String(item.revision))) return itemAnswer(412, item);
      const from = Number(params.revision);
      const fields = await revisionFields(db, item, from);
      if (!fields) throw refuse(404, "No such revision");
      const saved = await db.transaction().execute(async (trx) => {
        const made = await saveRevision(trx, item, fields, save(staff), isBuiltPage);
        if (made) {
          await auditContent(
            trx,
            {
              action: "content.restored",
              kind,
              id: item.id,
              at: now(),
              actor: auditActorOf(request),
            },
            { title: fields.title, from, revision: item.revision + 1 },
          );
        }
        return made;
      });
      return itemAnswer(saved ? 200 : 412, await current(item.id));
    });

    route(api.publish, what, async ({ params, body, request, refuse }) => {
      const item = await found(params.id, refuse);
      if (stale(request, item)) return itemAnswer(412, item);
      const at = body?.at === undefined ? null : instant(body.at, false);
      if (body?.at !== undefined && !at) throw refuse(400, "at: is not a valid date");
      // A time gone by is a mistake (a wrong day, a wrong zone), never a way to publish at once.
      if (at && at <= now().toISOString()) throw refuse(400, PAST_TIME);
      const actor = auditActorOf(request);
      await db
        .transaction()
        .execute((trx) =>
          publishItem(trx, item, { at: at ? new Date(at) : null, now: now(), actor }),
        );
      return itemAnswer(202, await current(item.id));
    });

    route(api.unpublish, what, async ({ params, request, refuse }) => {
      const item = await found(params.id, refuse);
      if (stale(request, item)) return itemAnswer(412, item);
      const actor = auditActorOf(request);
      await db.transaction().execute((trx) => unpublishItem(trx, item, { now: now(), actor }));
      return itemAnswer(200, await current(item.id));
    });
  }
};
