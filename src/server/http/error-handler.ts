// The one error handler of the server: every error a route, a hook or a plugin throws becomes our
// error object (shared/api-error.ts) with the right status; only a bug answers 500.
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from "fastify-type-provider-zod";
import { errorCodes } from "#shared/api-error.ts";
import { databaseUnavailableMessage, isDatabaseUnavailable } from "../db/availability.ts";
import { AppError } from "./errors.ts";
import { frameworkErrorAnswer } from "./framework-errors.ts";

export function errorHandler(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) return reply.status(error.status).send(error.toBody());
  if (hasZodFastifySchemaValidationErrors(error)) return answerValidationError(error.validation, reply);
  const framework = frameworkErrorAnswer(error, request);
  if (framework) return reply.status(framework.status).send(framework.toBody());
  if (isDatabaseUnavailable(error)) {
    // A restart, a failover, a network cut (decision 047): try again in a moment; nothing changed.
    request.log.warn({ err: error }, "the database is not answering");
    return reply.status(503).send(new AppError(503, "UNAVAILABLE", databaseUnavailableMessage).toBody());
  }
  const status = typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) {
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send(new AppError(500, "INTERNAL", "Something went wrong on our side. Please try again.").toBody());
  }
  return reply.status(status).send(new AppError(status, error.code ?? "BAD_REQUEST", error.message).toBody());
}

/** A request that failed its zod schema: 400, the first problem as message, one per field in `fields`. */
function answerValidationError(issues: ZodFastifySchemaValidationError[], reply: FastifyReply) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, "").replace(/\//g, ".") || "body";
    fields[field] ??= issue.message ?? "Invalid value";
  }
  const first = Object.values(fields)[0] ?? "Invalid request";
  return reply.status(400).send(new AppError(400, errorCodes.validation, first, fields).toBody());
}
