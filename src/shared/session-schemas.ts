// The owner's own sessions (Profile › Where you're signed in): GET /api/me/sessions answers them,
// DELETE /api/me/sessions/:id and DELETE /api/me/sessions end them (decision 039).
import { z } from "zod";

export const ownSessionSchema = z.object({
  /** The session row's id: it names the session to end. Never the token, which would sign in. */
  id: z.string(),
  /** True for the session of the browser that asked. */
  current: z.boolean(),
  createdAt: z.string(),
  /** The last time the session was used, recorded at most every few minutes. */
  lastSeenAt: z.string(),
  /** The address the session was opened from, as the server saw it; null when unknown. */
  ipAddress: z.string().nullable(),
  /** The browser read from the stored user agent ("Chrome"), null when it names none. */
  browser: z.string().nullable(),
  /** The phone model or operating system ("iPhone", "Windows"), null when it names none. */
  system: z.string().nullable(),
  /** The two in English words for logs and tools: "Chrome on Windows", or "Unknown device". */
  device: z.string(),
});
export type OwnSession = z.infer<typeof ownSessionSchema>;

export const ownSessionListSchema = z.object({ items: z.array(ownSessionSchema) });
export type OwnSessionList = z.infer<typeof ownSessionListSchema>;
