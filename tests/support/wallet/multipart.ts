// multipart/form-data bodies for the document upload tests, built by hand so that a test controls
// every byte (file name, declared type, size) the way a browser or a hostile client would send it.
import { randomBytes } from "node:crypto";
import type { Browser, TestResponse } from "../test-app.ts";

export type Part = { name: string; fileName?: string; contentType?: string; data: Buffer | string };

export function multipartBody(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----nexapay-test-${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName === undefined ? "" : `; filename="${part.fileName}"`}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.contentType ? `Content-Type: ${part.contentType}\r\n` : ""}\r\n`;
    chunks.push(Buffer.from(head, "latin1"), Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** PUT /api/verification/documents/:documentType/:side with one file in the field `file`. */
export function uploadDocument(
  browser: Browser,
  input: { documentType: string; side: string; bytes: Buffer | string; fileName?: string; contentType?: string },
): Promise<TestResponse> {
  const { body, contentType } = multipartBody([
    { name: "file", fileName: input.fileName ?? "document.png", contentType: input.contentType ?? "image/png", data: input.bytes },
  ]);
  return browser.request("PUT", `/api/verification/documents/${input.documentType}/${input.side}`, { raw: body, contentType });
}
