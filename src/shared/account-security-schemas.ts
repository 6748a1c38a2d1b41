// Customer protection (decision 039): the "This wasn't me" link that freezes an account, and the
// back office's unfreeze.
import { z } from "zod";

export const freezeLinkInvalidMessage = "This link is not valid or has expired.";

/** POST /api/account/freeze: the token of a security alert's link, as the page read it from its address. */
export const freezeAccountSchema = z.object(
  {
    token: z
      .string({ error: freezeLinkInvalidMessage })
      .trim()
      .regex(/^[A-Za-z0-9_-]{16,200}$/, freezeLinkInvalidMessage),
  },
  { error: freezeLinkInvalidMessage },
);

/** What the freeze answers, on the first click and on every later one. */
export const accountFrozenSchema = z.object({ frozen: z.literal(true) });

export const unfreezeNoteMessage = "Write why you are unfreezing this account";
export const notFrozenMessage = "This account is not frozen.";

/** POST /api/admin/users/:id/unfreeze: the admin says why (after speaking with the owner), for the audit log. */
export const unfreezeUserSchema = z.object(
  {
    note: z.string({ error: unfreezeNoteMessage }).trim().min(1, unfreezeNoteMessage).max(500, "Note must be at most 500 characters"),
  },
  { error: unfreezeNoteMessage },
);

/** What the unfreeze answers. */
export const userUnfrozenSchema = z.object({ id: z.string(), frozenAt: z.null() });
