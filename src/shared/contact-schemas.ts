// The contact form (docs/product.md, Contact page): one schema for the browser form and for POST /api/contact.
// A length limit on every field keeps a public, unauthenticated endpoint bounded.
import { z } from "zod";

export const contactSubjects = ["General Inquiry", "Sales", "Technical Support", "Partnership", "Press"] as const;
export type ContactSubject = (typeof contactSubjects)[number];
export const defaultContactSubject: ContactSubject = "General Inquiry";

export const contactNameLengthMax = 100;
export const contactCompanyLengthMax = 100;
export const contactMessageLengthMax = 5000;
// RFC 5321 caps a forward path at 256 octets including the angle brackets, so an address at 254.
const emailLengthMax = 254;

const emailMessage = "Please enter a valid email address";

export const contactMessageSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(contactNameLengthMax, `Name must be at most ${contactNameLengthMax} characters`),
  email: z
    .string({ error: emailMessage })
    .trim()
    .max(emailLengthMax, emailMessage)
    .pipe(z.email({ error: emailMessage })),
  // Optional: an empty, null or missing company all mean no company.
  company: z
    .string({ error: `Company must be at most ${contactCompanyLengthMax} characters` })
    .trim()
    .max(contactCompanyLengthMax, `Company must be at most ${contactCompanyLengthMax} characters`)
    .nullish()
    .transform((company) => (company ? company : undefined)),
  subject: z.enum(contactSubjects, { error: "Subject is required" }),
  message: z
    .string({ error: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(contactMessageLengthMax, `Message must be at most ${contactMessageLengthMax} characters`),
});

/** What the form holds (company may be an empty string). */
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
/** What the server stores after parsing (trimmed; company undefined when empty). */
export type ContactMessage = z.output<typeof contactMessageSchema>;

/** POST /api/contact answers 201 with the stored message's id. */
export const contactMessageCreatedSchema = z.object({ id: z.string() });
export type ContactMessageCreated = z.infer<typeof contactMessageCreatedSchema>;

/** A stored message as GET /api/admin/contact-messages lists it. */
export const storedContactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type StoredContactMessageDto = z.infer<typeof storedContactMessageSchema>;

export const contactMessages = {
  sent: "Your message has been sent. We'll get back to you soon!",
  failed: "Failed to send your message. Please try again.",
} as const;
