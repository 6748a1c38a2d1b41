import { describe, expect, test } from "vitest";
import { logSerializers, redactUrl, withSafeLogging } from "./log-safety.ts";

describe("redactUrl", () => {
  test.each([
    ["/reset-password?token=abc123", "/reset-password?token=[redacted]"],
    ["/reset-password?lang=bn&token=abc123&x=1", "/reset-password?lang=bn&token=[redacted]&x=1"],
    ["/callback?code=1&state=2", "/callback?code=[redacted]&state=2"],
    ["/x?secret=s&password=p", "/x?secret=[redacted]&password=[redacted]"],
    // A key is matched as the query parser reads it (decoded), whatever its case.
    ["/reset-password?%74oken=abc123", "/reset-password?%74oken=[redacted]"],
    ["/reset-password?TOKEN=abc123", "/reset-password?TOKEN=[redacted]"],
    ["/reset-password?token=a&token=b", "/reset-password?token=[redacted]&token=[redacted]"],
    ["/reset-password?token", "/reset-password?token=[redacted]"],
    ["/api/transactions?q=token&page=2", "/api/transactions?q=token&page=2"],
    ["/api/transactions?q=%E0%A4%A", "/api/transactions?q=%E0%A4%A"],
    ["/api/me", "/api/me"],
  ])("%s → %s", (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});

describe("the error serializer", () => {
  test("a failed query's parameters are left out of its message, stack and fields", () => {
    class DrizzleQueryError extends Error {
      constructor(
        readonly query: string,
        readonly params: unknown[],
      ) {
        super(`Failed query: ${query}\nparams: ${params.join(",")}`);
      }
    }
    const error = new DrizzleQueryError("select * from session where token = $1", ["the-session-token"]);
    const logged = JSON.stringify(logSerializers.err(error));
    expect(logged).not.toContain("the-session-token");
    expect(logged).toContain("Failed query: select * from session where token = $1");
    expect(logged).toContain("DrizzleQueryError");
  });

  test("an HTTP parser's raw packet is left out; code, status and cause stay", () => {
    const error = Object.assign(new Error("Parse Error: Invalid method encountered", { cause: new Error("inner") }), {
      code: "HPE_INVALID_METHOD",
      statusCode: 400,
      rawPacket: Buffer.from("GET / HTTP/1.1\r\nCookie: session=secret\r\n"),
    });
    expect(logSerializers.err(error)).toMatchObject({
      type: "Error",
      message: "Parse Error: Invalid method encountered",
      code: "HPE_INVALID_METHOD",
      statusCode: 400,
      rawPacket: "[redacted]",
      cause: { message: "inner" },
    });
  });
});

describe("withSafeLogging", () => {
  test("no logger stays no logger", () => {
    expect(withSafeLogging(false)).toBe(false);
  });

  test("any logger options get the serializers and keep their own settings and redactions", () => {
    const options = withSafeLogging({ level: "debug", redact: ["body.pin"] });
    expect(options).toMatchObject({ level: "debug", serializers: logSerializers });
    const { paths } = (options as { redact: { paths: string[] } }).redact;
    expect(paths).toContain("body.pin");
    expect(paths).toContain("*.headers.cookie");
    expect(withSafeLogging(true)).toMatchObject({ serializers: logSerializers });
  });
});
