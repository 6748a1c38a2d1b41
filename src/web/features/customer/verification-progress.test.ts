import { describe, expect, it } from "vitest";
import type { VerificationDocumentDto } from "#shared/verification-schemas.ts";
import { sidesProgress, sidesUploadedText } from "./verification-progress.ts";

function documentOf(documentType: VerificationDocumentDto["documentType"], side: VerificationDocumentDto["side"]): VerificationDocumentDto {
  return { documentType, side, url: "/x", contentType: "image/png", sizeBytes: 1, uploadedAt: "2026-11-23T00:00:00.000Z" };
}

describe("sidesProgress", () => {
  it("counts the chosen two-sided document's sides and names the missing one", () => {
    const progress = sidesProgress({ documentType: "national_id", documents: [documentOf("national_id", "front")] });
    expect(progress).toEqual({ uploaded: 1, required: 2, missing: ["back"] });
    expect(sidesUploadedText(progress!)).toBe("1 of 2 sides uploaded");
  });

  it("does not count another document's sides", () => {
    const progress = sidesProgress({
      documentType: "driving_license",
      documents: [documentOf("national_id", "front"), documentOf("national_id", "back"), documentOf("driving_license", "back")],
    });
    expect(progress?.missing).toEqual(["front"]);
  });

  it("a passport is complete with its front; nothing chosen is no progress", () => {
    expect(sidesProgress({ documentType: "passport", documents: [documentOf("passport", "front")] })?.missing).toEqual([]);
    expect(sidesProgress({ documentType: null, documents: [] })).toBeNull();
  });
});
