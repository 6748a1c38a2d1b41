// Errors that Fastify, its router, its body parsers, the multipart plugin and Node's HTTP parser
// raise before any route of ours runs, turned into our error answer: a status, one of our codes and
// a message for people. Their own codes (FST_ERR_…) are names inside a library: they are no part
// of our API, change between versions, and tell a prober which server answers.
import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { errorCodes } from "#shared/api-error.ts";
import { requestIdHeader, withRequestId } from "../operations/request-id.ts";
import { AppError } from "./errors.ts";

type Answer = { status: number; code: string; message: string };

const tooManyParts: Answer = {
  status: 413,
  code: errorCodes.payloadTooLarge,
  message: 'This upload has too many parts. Send one file, in the field "file".',
};

/** Our answer to each error the framework and its plugins raise on a client's input, by their code. */
const answers: Record<string, Answer> = {
  // The router, before any route is chosen.
  FST_ERR_BAD_URL: {
    status: 400,
    code: errorCodes.validation,
    message: "This address is not valid: part of it is wrongly percent-encoded.",
  },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: errorCodes.uriTooLong, message: "This address is too long." },
  // The body parsers.
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: errorCodes.validation, message: "The request body is not valid JSON." },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: errorCodes.validation,
    message: "The request body is empty, but its Content-Type says JSON. Send a JSON object.",
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: errorCodes.payloadTooLarge, message: "The request body is too large." },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: errorCodes.unsupportedMediaType,
    message: "This Content-Type is not accepted here. Send the body as JSON (application/json).",
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: errorCodes.validation,
    message: "The request body's length does not match its Content-Length header.",
  },
  FST_ERR_ROUTE_MISSING_CONTENT_TYPE: { status: 400, code: errorCodes.validation, message: "This request needs a Content-Type header." },
  // The multipart plugin, while a document upload is read.
  FST_PARTS_LIMIT: tooManyParts,
  FST_FILES_LIMIT: tooManyParts,
  FST_FIELDS_LIMIT: tooManyParts,
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: errorCodes.payloadTooLarge, message: "The file is too large." },
  FST_PROTO_VIOLATION: { status: 400, code: errorCodes.validation, message: "A form field of this upload has a name that is not allowed." },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: errorCodes.unsupportedMediaType,
    message: "Send the upload as multipart/form-data.",
  },
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, code: errorCodes.validation, message: "A form field declared as JSON is not valid JSON." },
  FST_MP_PREMATURE_CLOSE: { status: 400, code: errorCodes.validation, message: "The upload ended before all of it arrived." },
};

/** For a framework error we have no entry for: an answer by its status alone. */
function answerForStatus(status: number): Answer {
  switch (status) {
    case 400:
      return { status, code: errorCodes.validation, message: "This request is not valid." };
    case 404:
      return { status, code: errorCodes.notFound, message: "Not found." };
    case 406:
    case 415:
      return { status: 415, code: errorCodes.unsupportedMediaType, message: "This Content-Type is not accepted here." };
    case 408:
      return { status, code: errorCodes.requestTimeout, message: "The request took too long to arrive. Please try again." };
    case 413:
      return { status, code: errorCodes.payloadTooLarge, message: "The request is too large." };
    case 414:
      return { status, code: errorCodes.uriTooLong, message: "This address is too long." };
    case 431:
      return { status, code: errorCodes.headersTooLarge, message: "The request's headers are too large." };
    default:
      return { status, code: errorCodes.badRequest, message: "This request cannot be answered." };
  }
}

/**
 * The multipart parser (busboy) reports a body that is not valid multipart/form-data with plain
 * errors: no code, no status. These are their messages; anything else stays a server error.
 */
const malformedMultipart = /^Multipart: Boundary not found$|^Boundary required$|unexpected end of multipart data$|^The needle /i;

const multipartMalformed: Answer = {
  status: 400,
  code: errorCodes.validation,
  message: "This upload is not valid multipart/form-data, or it was cut short.",
};

type ErrorLike = { code?: unknown; statusCode?: unknown; message?: unknown };

/**
 * Our answer to an error raised by the framework or one of its plugins on a client's input, or
 * null when the error is not one of theirs (ours, a bug, a database failure).
 */
export function frameworkErrorAnswer(error: ErrorLike, request?: FastifyRequest): AppError | null {
  const code = typeof error.code === "string" ? error.code : undefined;
  const known = code === undefined ? undefined : answers[code];
  if (known) return new AppError(known.status, known.code, known.message);
  const status = typeof error.statusCode === "number" ? error.statusCode : undefined;
  if (code?.startsWith("FST_") && status !== undefined && status >= 400 && status < 500) {
    const answer = answerForStatus(status);
    return new AppError(answer.status, answer.code, answer.message);
  }
  if (
    code === undefined &&
    status === undefined &&
    request?.isMultipart() === true &&
    typeof error.message === "string" &&
    malformedMultipart.test(error.message)
  ) {
    return new AppError(multipartMalformed.status, multipartMalformed.code, multipartMalformed.message);
  }
  return null;
}

/**
 * Fastify's `frameworkErrors`: the router's errors (a malformed percent-encoding, an over-long path
 * parameter) come before any route, hook or error handler exists for the request.
 */
export function answerFrameworkError(error: ErrorLike, request: FastifyRequest, reply: FastifyReply): void {
  let answer = frameworkErrorAnswer(error);
  if (answer === null) {
    // The router's only other error is a failing async constraint, and we define none: a bug.
    request.log.error({ err: error }, "router error");
    answer = new AppError(500, "INTERNAL", "Something went wrong on our side. Please try again.");
  }
  // The request id (decision 045) by hand: this answer may skip the hooks that add it elsewhere.
  const body = JSON.stringify(answer.toBody());
  void reply
    .status(answer.status)
    .header("content-type", "application/json; charset=utf-8")
    .header(requestIdHeader, request.id)
    .send(answer.status >= 500 ? withRequestId(body, request.id) : body);
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser cannot read (not HTTP, headers over
 * the size limit, too slow to arrive) never becomes a request; the answer is written to the
 * connection directly, and the connection closed.
 */
export function answerClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  // A connection the client reset has no one to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const answer =
    error.code === "ERR_HTTP_REQUEST_TIMEOUT"
      ? answerForStatus(408)
      : error.code === "HPE_HEADER_OVERFLOW"
        ? answerForStatus(431)
        : { status: 400, code: errorCodes.validation, message: "This request is not valid HTTP." };
  // Logged at trace only, as Fastify does: these are mostly scanners and broken clients.
  this.log.trace({ err: error }, "client error");
  if (socket.writable) {
    const body = JSON.stringify(new AppError(answer.status, answer.code, answer.message).toBody());
    socket.write(
      `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        // Never a request, so never logged under an id: a fresh one, so that every answer has one (decision 045).
        `X-Request-Id: ${randomUUID()}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
