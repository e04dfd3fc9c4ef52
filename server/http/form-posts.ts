/**
 * Forms posted by the browser itself. Before a page's JavaScript has started (a slow phone) or
 * when it failed to load, a lead form posts itself (`method="post"`) as
 * application/x-www-form-urlencoded; so do the buttons of the newsletter link pages, and mail
 * clients' one-click unsubscribe. Once the JavaScript runs, the lead forms post JSON instead.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

const FORM_TYPE = "application/x-www-form-urlencoded";

/** A posted form: one value per field name. */
export type FormFields = Record<string, string>;

/** Whether the browser posted a form itself, rather than a script posting JSON. */
export function isFormPost(request: FastifyRequest): boolean {
  return String(request.headers["content-type"] ?? "")
    .toLowerCase()
    .startsWith(FORM_TYPE);
}

/**
 * Reads posted forms in the routes of the plugin `app` is: the body becomes FormFields, the
 * first value of each name (the forms repeat no field). `bodyLimit` caps a form body below the
 * server's limit; other bodies keep the server's. Called by each plugin whose routes take forms,
 * so that no other route starts reading them.
 */
export function acceptFormPosts(app: FastifyInstance, options: { bodyLimit?: number } = {}): void {
  app.addContentTypeParser(FORM_TYPE, { parseAs: "string", ...options }, (_request, body, done) => {
    // No prototype: a field named __proto__ is just a field.
    const fields: FormFields = Object.create(null);
    for (const [name, value] of new URLSearchParams(body as string)) fields[name] ??= value;
    done(null, fields);
  });
}

/**
 * onRequest hook of the lead endpoints: they take JSON (from the page's script) or a posted form;
 * any other body is refused with 415 before it is read.
 */
export async function onlyJsonOrForms(request: FastifyRequest, reply: FastifyReply) {
  const type = String(request.headers["content-type"] ?? "")
    .split(";")[0]
    ?.trim()
    .toLowerCase();
  if (type !== "application/json" && type !== FORM_TYPE) {
    return reply.code(415).send({ error: "Send the form as application/json" });
  }
}

/** What a script that posted JSON is answered: a status and its JSON body. */
export interface JsonAnswer {
  status: number;
  body: unknown;
}

/**
 * Answers a script with JSON, and a form the browser posted itself with a redirect (303) to
 * `page`, a page of the site that says the same in words. Typed values never end up in the
 * address bar.
 */
export function answer(
  request: FastifyRequest,
  reply: FastifyReply,
  json: JsonAnswer,
  page: string,
): FastifyReply {
  return isFormPost(request) ? reply.redirect(page, 303) : reply.code(json.status).send(json.body);
}
