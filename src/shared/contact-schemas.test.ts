import { describe, expect, it } from "vitest";
import { contactMessageSchema, contactSubjects } from "./contact-schemas.ts";

const valid = { name: "Rahim Uddin", email: "rahim@example.com", subject: "Sales", message: "Hello" };

function fieldMessages(input: unknown): Record<string, string> {
  const result = contactMessageSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("contactMessageSchema", () => {
  it("accepts a complete message and trims it", () => {
    const parsed = contactMessageSchema.parse({ ...valid, name: "  Rahim Uddin  ", email: " rahim@example.com ", company: " Acme " });
    expect(parsed).toEqual({ ...valid, company: "Acme" });
  });

  it("treats an empty, null or missing company as none", () => {
    expect(contactMessageSchema.parse({ ...valid, company: "" }).company).toBeUndefined();
    expect(contactMessageSchema.parse({ ...valid, company: "   " }).company).toBeUndefined();
    expect(contactMessageSchema.parse({ ...valid, company: null }).company).toBeUndefined();
    expect(contactMessageSchema.parse(valid).company).toBeUndefined();
  });

  it("gives the form's message for each missing field", () => {
    expect(fieldMessages({})).toEqual({
      name: "Name is required",
      email: "Please enter a valid email address",
      subject: "Subject is required",
      message: "Message is required",
    });
    expect(fieldMessages({ name: "  ", email: "not-an-email", subject: "", message: " \n " })).toEqual({
      name: "Name is required",
      email: "Please enter a valid email address",
      subject: "Subject is required",
      message: "Message is required",
    });
  });

  it("accepts exactly the five subjects", () => {
    for (const subject of contactSubjects) expect(contactMessageSchema.safeParse({ ...valid, subject }).success).toBe(true);
    expect(fieldMessages({ ...valid, subject: "Billing" })).toEqual({ subject: "Subject is required" });
  });

  it("enforces the length limits at their boundaries", () => {
    expect(contactMessageSchema.safeParse({ ...valid, name: "n".repeat(100) }).success).toBe(true);
    expect(fieldMessages({ ...valid, name: "n".repeat(101) })).toEqual({ name: "Name must be at most 100 characters" });
    expect(contactMessageSchema.safeParse({ ...valid, company: "c".repeat(100) }).success).toBe(true);
    expect(fieldMessages({ ...valid, company: "c".repeat(101) })).toEqual({ company: "Company must be at most 100 characters" });
    expect(contactMessageSchema.safeParse({ ...valid, message: "m".repeat(5000) }).success).toBe(true);
    expect(fieldMessages({ ...valid, message: "m".repeat(5001) })).toEqual({ message: "Message must be at most 5000 characters" });
    expect(fieldMessages({ ...valid, email: `${"a".repeat(250)}@b.co` })).toEqual({ email: "Please enter a valid email address" });
  });
});
