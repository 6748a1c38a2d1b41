import { z } from "zod";

// GET /api/me: who is signed in, as the browser needs it (spec §4 "Session": user and isAdmin).
export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  country: z.string(),
  fullName: z.string().nullable(),
  phone: z.string().nullable(),
  isAdmin: z.boolean(),
  adminRole: z.enum(["admin", "super_admin"]).nullable(),
});
export type Me = z.infer<typeof meSchema>;

export const setupStatusSchema = z.object({ needsFirstAdmin: z.boolean() });
