// Rules on a new password beyond its length (which the shared zod schemas check): every route that
// sets a password applies them (sign-up, reset, change, admin creation, first admin).
import { errorCodes, messages } from "#shared/api-error.ts";
import { AppError } from "../http/errors.ts";
import { isCommonPassword } from "./common-passwords.ts";

export function refuseCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw new AppError(400, errorCodes.commonPassword, messages.commonPassword, { [field]: messages.commonPassword });
  }
}
