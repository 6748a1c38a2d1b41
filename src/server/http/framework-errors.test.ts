// What the API tests cannot reach: framework errors with no entry of their own, and errors that
// are not the framework's. The reachable ones are tested through the app (tests/api/framework-errors).
import type { FastifyRequest } from "fastify";
import { expect, test } from "vitest";
import { frameworkErrorAnswer } from "./framework-errors.ts";

const multipartRequest = { isMultipart: () => true } as unknown as FastifyRequest;
const jsonRequest = { isMultipart: () => false } as unknown as FastifyRequest;

test("a framework client error with no entry is answered by its status, never with its own code", () => {
  expect(frameworkErrorAnswer({ code: "FST_ERR_SOMETHING_NEW", statusCode: 400, message: "internal wording" })?.toBody()).toEqual({
    error: { code: "VALIDATION_ERROR", message: "This request is not valid." },
  });
  expect(frameworkErrorAnswer({ code: "FST_ERR_SOMETHING_NEW", statusCode: 418 })?.toBody()).toEqual({
    error: { code: "BAD_REQUEST", message: "This request cannot be answered." },
  });
});

test("a framework server error, ours, or a bug is not a framework client error", () => {
  expect(frameworkErrorAnswer({ code: "FST_ERR_REP_INVALID_PAYLOAD_TYPE", statusCode: 500 })).toBeNull();
  expect(frameworkErrorAnswer({ code: "CONFLICT", statusCode: 409 })).toBeNull();
  expect(frameworkErrorAnswer(new TypeError("x is undefined"), multipartRequest)).toBeNull();
});

test("the multipart parser's plain errors are a 400 on an upload only", () => {
  const cutShort = new Error("Unexpected end of multipart data");
  expect(frameworkErrorAnswer(cutShort, multipartRequest)?.status).toBe(400);
  expect(frameworkErrorAnswer(new Error("Part terminated early due to unexpected end of multipart data"), multipartRequest)?.status).toBe(
    400,
  );
  expect(frameworkErrorAnswer(cutShort, jsonRequest)).toBeNull();
});
