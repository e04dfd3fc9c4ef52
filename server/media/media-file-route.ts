import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { MEDIA_PREFIX, type MediaFormat, mediaIdOf } from "../../common/media";
import type { DB } from "../db/database";
import { safeError } from "../privacy/log-safety";
import { readVariant } from "./media-store";

/** A size's file name: `960.webp`, `600.jpg`. */
const FILE_NAME = /^([1-9][0-9]{0,4})\.(webp|jpg)$/;

const CONTENT_TYPES: Record<MediaFormat, string> = { webp: "image/webp", jpeg: "image/jpeg" };

/**
 * A picture's address never serves other bytes (a new upload is a new id), so browsers, proxies
 * and a CDN keep it a year without asking again.
 */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The media library's pictures for everyone: GET /media/<id>/<width>.<webp|jpg>, the bytes of
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
      const format: MediaFormat = size[2] === "jpg" ? "jpeg" : "webp";
      let variant;
      try {
        variant = await readVariant(db, id, Number(size[1]), format);
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

function notFound(reply: FastifyReply) {
  return reply.code(404).send({ error: "Not Found" });
}
