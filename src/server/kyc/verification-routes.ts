// The customer's verification endpoints and the private file route. Documents are
// never public: each file is answered only to its owner and to admins, and never cached.
import type {} from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorCodes } from "#shared/api-error.ts";
import { documentParamsSchema, documentSizeBytesMax, verificationMessages, verificationSchema } from "#shared/verification-schemas.ts";
import { adminRoleOf } from "../auth/admin-roles.ts";
import type { Guards } from "../auth/guards.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import type { Storage } from "../storage/storage.ts";
import { findDocumentByKey, getVerification, uploadDocument } from "./verification.ts";

const fileParams = z.object({
  userId: z.uuid({ error: "Not found" }),
  fileName: z.string().regex(/^[a-z_]+_(front|back)\.(jpg|png|webp)$/, "Not found"),
});

export function registerVerificationRoutes(app: FastifyInstance, deps: { db: Db; storage: Storage; guards: Guards }): void {
  const { db, storage, guards } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/verification",
    { schema: { tags: ["customer"], response: { 200: verificationSchema } }, onRequest: guards.requireUser },
    async (request) => getVerification(db, request.user!.id),
  );

  r.put(
    "/api/verification/documents/:documentType/:side",
    { schema: { tags: ["customer"], params: documentParamsSchema, response: { 200: verificationSchema } }, onRequest: guards.requireUser },
    async (request) => {
      if (!request.isMultipart()) {
        throw new AppError(415, errorCodes.unsupportedMediaType, 'Send the image as multipart/form-data in the field "file"');
      }
      const part = await request.file({ limits: { fileSize: documentSizeBytesMax, files: 1 } });
      if (!part || part.fieldname !== "file") {
        throw new AppError(400, errorCodes.validation, verificationMessages.noFile, { file: verificationMessages.noFile });
      }
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
          throw new AppError(413, errorCodes.payloadTooLarge, verificationMessages.tooLarge);
        }
        throw error;
      }
      return uploadDocument(db, storage, { userId: request.user!.id, ...request.params, bytes });
    },
  );

  r.get(
    "/api/files/:userId/:fileName",
    { schema: { tags: ["customer"], params: fileParams }, onRequest: guards.requireUser },
    async (request, reply) => {
      const { userId, fileName } = request.params;
      const viewer = request.user!.id;
      if (viewer !== userId) {
        // Someone else's file is "not found", not "forbidden": its existence is private too.
        if ((await adminRoleOf(db, viewer)) === null) throw new AppError(404, errorCodes.notFound, "File not found");
        // An admin reads customers' documents on the back office's terms: second factor enrolled,
        // session not idle. A role alone is a password alone.
        await guards.requireAdmin(request, reply);
      }
      const storageKey = `${userId}/${fileName}`;
      const document = await findDocumentByKey(db, storageKey);
      const bytes = document ? await storage.get(storageKey) : null;
      if (!document || !bytes) throw new AppError(404, errorCodes.notFound, "File not found");
      return reply
        .header("cache-control", "private, no-store")
        .header("content-type", document.contentType)
        .header("content-disposition", `inline; filename="${fileName}"`)
        .send(bytes);
    },
  );
}
