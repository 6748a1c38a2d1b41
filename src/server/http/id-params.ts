// Path parameters that name a row by its UUID; a malformed id is a 400 before any query runs.
import { z } from "zod";

export const idParams = z.object({ id: z.uuid({ error: "Invalid id" }) });
export const userIdParams = z.object({ userId: z.uuid({ error: "Invalid id" }) });
