import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./availability.ts";

describe("isDatabaseUnavailable", () => {
  it("knows the errors of a database that went away", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error("the database system is starting up"), { code: "57P03" }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
  });

  it("looks through wrapping errors (drizzle's, better-auth's)", () => {
    const driver = Object.assign(new Error("terminating connection"), { code: "57P01" });
    expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: driver }))).toBe(true);
  });

  it("leaves every other error alone: a bug or a refused statement is not an outage", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("insufficient balance"), { code: "NX401" }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable("57P01")).toBe(false);
  });
});
