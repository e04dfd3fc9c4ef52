import type { FastifyPluginAsync, FastifyReply } from "fastify";
import {
  MEDIA_EXTENSIONS,
  MEDIA_PREFIX,
  type MediaFormat,
  PAGE_FORMATS,
  mediaIdOf,
} from "../../common/media";
import type { DB } from "../db/database";
import { safeError } from "../privacy/log-safety";
import { addVariant, readVariant } from "./media-store";
import { reencoded } from "./processing";

const FORMAT_OF_EXTENSION = new Map(
  Object.entries(MEDIA_EXTENSIONS).map(([format, extension]) => [extension, format as MediaFormat]),
);

/** A size's file name: `720.avif`, `960.webp`, `600.jpg`. */
const FILE_NAME = new RegExp(
  `^([1-9][0-9]{0,4})\\.(${[...FORMAT_OF_EXTENSION.keys()].join("|")})$`,
);

const CONTENT_TYPES: Record<MediaFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
};

/**
 * A picture's address never serves other bytes (a new upload is a new id), so browsers, proxies
 * and a CDN keep it a year without asking again.
 */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The media library's pictures for everyone: GET /media/<id>/<width>.<avif|webp|jpg>, the bytes of
 * that size with its type, cached for a year, with an entity tag (the upload's hash and the
 * size) for a client that asks again anyway. Any other address under /media/ is 404, never an
 * error: bots try every path.
 */
export const mediaFileRoute: FastifyPluginAsync<{ db: DB }> = async (app, { db }) => {
  app.get<{ Params: { id: string; file: string } }>(
    `${MEDIA_PREFIX}/:id/:file`,
    async (request, reply) => {
      const { id: idParam, file } = request.params;
      const id = mediaIdOf(`${MEDIA_PREFIX}/${idParam}`);
      const size = FILE_NAME.exec(file);
      if (!id || id !== idParam || !size) return notFound(reply);
      const format = FORMAT_OF_EXTENSION.get(size[2] ?? "") ?? "webp";
      let variant;
      try {
        variant = await pageSize(db, id, Number(size[1]), format);
      } catch (error) {
        request.log.error({ err: safeError(error) }, "media file request failed");
        return reply.code(503).header("retry-after", "60").send({ error: "Try again later" });
      }
      if (!variant) return notFound(reply);
      const etag = `"${variant.sha256.slice(0, 32)}-${file}"`;
      reply
        .header("cache-control", IMMUTABLE)
        .header("etag", etag)
        // Shown by webmail on other sites, as e-mails are read: the security headers' default,
        // same-origin, would keep it from them (server/security/headers.ts).
        .header("cross-origin-resource-policy", "cross-origin");
      if (request.headers["if-none-match"]?.split(/\s*,\s*/).includes(etag)) {
        return reply.code(304).send();
      }
      return reply.type(CONTENT_TYPES[format]).send(variant.bytes);
    },
  );
};

/**
 * A size as stored, or a page size the picture lacks because it was uploaded before its format
 * was one of PAGE_FORMATS, made now from the same size in another page format and kept.
 */
async function pageSize(db: DB, id: string, width: number, format: MediaFormat) {
  const stored = await readVariant(db, id, width, format);
  if (stored || !PAGE_FORMATS.some((pageFormat) => pageFormat === format)) return stored;
  const source = PAGE_FORMATS.filter((pageFormat) => pageFormat !== format);
  for (const sourceFormat of source) {
    const other = await readVariant(db, id, width, sourceFormat);
    if (!other) continue;
    const made = await reencoded(other.bytes, format);
    await addVariant(db, id, { width, format, ...made });
    return { bytes: made.bytes, sha256: other.sha256 };
  }
  return null;
}

function notFound(reply: FastifyReply) {
  return reply.code(404).send({ error: "Not Found" });
}
