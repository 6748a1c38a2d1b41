import { describe, expect, it } from "vitest";
import {
  actorlessAuditLabel,
  auditActionLabel,
  auditDetailPairs,
  documentCaption,
  formatBdtAmount,
  underscoresAsSpaces,
} from "./admin-format.ts";

describe("admin formats", () => {
  it("shows BDT amounts grouped with two decimals and the currency", () => {
    expect(formatBdtAmount("12500")).toBe("12,500.00 BDT");
    expect(formatBdtAmount("1234567.5")).toBe("1,234,567.50 BDT");
    expect(formatBdtAmount("0.00")).toBe("0.00 BDT");
  });
  it("shows underscores as spaces", () => expect(underscoresAsSpaces("driving_license")).toBe("driving license"));
  it("captions a document with its file name, extension removed", () => {
    expect(documentCaption("/api/files/u1/national_id_front.jpg")).toBe("national id front");
    expect(documentCaption("/api/files/u1/passport_front.webp?v=2")).toBe("passport front");
    expect(documentCaption("/api/files/u1/noextension")).toBe("noextension");
  });
  it("names known audit actions and spells out unknown ones", () => {
    expect(auditActionLabel("transaction.approved")).toBe("Transaction approved");
    expect(auditActionLabel("report.monthly_export")).toBe("report.monthly export");
    expect(auditActionLabel("transaction.chain_matched")).toBe("Matched to a chain transfer");
  });
  it("names the chain watcher behind its own entries, and 'System' behind any other entry without an actor", () => {
    expect(actorlessAuditLabel({ actor: "chain-watcher", automatic: true })).toBe("Chain watcher");
    expect(actorlessAuditLabel({ actor: "someone-else" })).toBe("System");
    expect(actorlessAuditLabel(null)).toBe("System");
    expect(actorlessAuditLabel("chain-watcher")).toBe("System");
  });
  it("lists audit details as pairs, skipping empty values", () => {
    expect(auditDetailPairs({ amount: "10.00", note: null, fields: ["fullName", "phone"], n: 2, nested: { a: 1 } })).toEqual([
      ["amount", "10.00"],
      ["fields", "fullName, phone"],
      ["n", "2"],
      ["nested", '{"a":1}'],
    ]);
    expect(auditDetailPairs(null)).toEqual([]);
    expect(auditDetailPairs(["x"])).toEqual([]);
  });
});
