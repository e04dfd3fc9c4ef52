import multipart from "@fastify/multipart";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { MAX_UPLOAD_BYTES } from "../../common/media";
import {
  NOT_A_PICTURE,
  NO_FILE,
  NO_SUCH_PICTURE,
  PICTURE_IN_USE,
  TOO_LARGE,
  TOO_MANY_PIXELS,
  mediaApi,
} from "../../staff-api/media";
import { Refused, answer, routesOn } from "../http/contract-routes";
import type { StaffRoutesOptions } from "../staff-api-routes";
import { listMedia, saveMedia } from "./media-store";
import { deleteUnusedMedia } from "./media-usage";
import { NotAPicture, TooManyPixels, processPicture } from "./processing";

/** The one staff write that is not JSON (server/staff-api-routes.ts lets it through). */
export const MULTIPART_ROUTE = `${mediaApi.upload.method} ${mediaApi.upload.path}`;

/** What the 415 says to a request that is not multipart/form-data. */
const NOT_MULTIPART = "Send the picture as multipart/form-data, in the part named file";

/** The longest file name kept: the library shows it, nothing reads it as a path. */
const MAX_NAME = 200;

/** The uploaded file's name as the library lists it: no control characters, no folders. */
function displayName(filename: string | undefined): string {
  const base = (filename ?? "").split(/[\\/]/).pop() ?? "";
  const clean = base.replace(/[\p{Cc}\p{Cf}]/gu, "").trim();
  return clean.slice(0, MAX_NAME) || "picture";
}

/**
 * The uploaded bytes of the one part `file`, at most MAX_UPLOAD_BYTES. A refusal for what the
 * client sent: over the size (413 TOO_LARGE), another part or more than one (400), a body
 * that is not the multipart it says (400).
 */
async function uploadedFile(request: FastifyRequest) {
  let part;
  try {
    part = await multipartFile(request);
  } catch (error) {
    throw uploadRefusal(error);
  }
  if (!part || part.fieldname !== "file") throw new Refused(400, NO_FILE);
  try {
    return { bytes: await part.toBuffer(), name: displayName(part.filename) };
  } catch (error) {
    throw uploadRefusal(error);
  }
}

/** The first part, read no further than one file of MAX_UPLOAD_BYTES and nothing else. */
const multipartFile = (request: FastifyRequest) =>
  request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0, parts: 1 } });

/** Whatever reading the body threw is the client's body's fault: it is cut off or malformed. */
function uploadRefusal(error: unknown): Refused {
  const code = (error as { code?: unknown }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return new Refused(413, TOO_LARGE);
  return new Refused(400, NO_FILE);
}

/**
 * The media library under /api/staff/media, as staff-api/media.ts defines it, for marketing and
 * admins: the list, newest first, an upload made into every size before it is stored (the
 * same file again answers the picture already stored), and a deletion, refused while a page or
 * an e-mail shows the picture. Pictures are the company's own content, like campaigns: neither
 * is audited.
 */
export const mediaRoutes: FastifyPluginAsync<StaffRoutesOptions> = async (
  app,
  { db, now, checkAnswers },
) => {
  // Within this plugin only: no other staff route reads multipart.
  await app.register(multipart, { throwFileSizeLimit: true });
  const route = routesOn(app, { checkAnswers });

  route(mediaApi.list, "media library request", async () =>
    answer(200, { items: await listMedia(db) }),
  );

  route(mediaApi.upload, "picture upload", async ({ request, staff, refuse }) => {
    if (!request.isMultipart()) throw refuse(415, NOT_MULTIPART);
    const { bytes, name } = await uploadedFile(request);
    let picture;
    try {
      picture = await processPicture(bytes);
    } catch (error) {
      if (error instanceof NotAPicture) throw refuse(400, NOT_A_PICTURE);
      if (error instanceof TooManyPixels) throw refuse(400, TOO_MANY_PIXELS);
      throw error;
    }
    const item = await saveMedia(db, picture, {
      name,
      uploadedBy: staff.email,
      at: now().toISOString(),
    });
    return answer(201, item);
  });

  route(mediaApi.remove, "picture deletion", async ({ params, reply, refuse }) => {
    const deleted = await deleteUnusedMedia(db, params.id);
    if (deleted === "missing") throw refuse(404, NO_SUCH_PICTURE);
    if (deleted !== "deleted") return answer(409, { error: PICTURE_IN_USE, usedBy: deleted });
    return reply.code(204).send();
  });
};
