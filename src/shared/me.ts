import { z } from "zod";
import { languageSchema } from "./language.ts";
import { profileSchema } from "./profile-schemas.ts";

// GET /api/me: who is signed in, as the browser needs it (the user, and whether they are an admin),
// with the fields of the Profile screen.
export const meSchema = profileSchema.extend({
  country: z.string(),
  isAdmin: z.boolean(),
  adminRole: z.enum(["admin", "super_admin"]).nullable(),
  /** Whether an authenticator app is enrolled (admins must enrol before using the back office). */
  twoFactorEnabled: z.boolean(),
  /** Whether the user wants e-mail about admins' decisions (security messages always go). */
  emailNotifications: z.boolean(),
  /** The language we write e-mails to them in (PUT /api/me/language changes it; decision 025). */
  language: languageSchema,
});
export type Me = z.infer<typeof meSchema>;

export const setupStatusSchema = z.object({ needsFirstAdmin: z.boolean() });
