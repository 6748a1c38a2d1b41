// No text with a NUL character (U+0000) gets past the boundary. PostgreSQL cannot store one in a
// text column and fails the whole query, which the user would see as a 500; a NUL can also cut a
// string short in whatever reads it later (C libraries, logs, mail headers). No field of ours has
// a use for one, so every query parameter, path parameter and JSON body string is checked before
// validation: the request is refused with 400 naming each field, and no handler runs.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import { errorCodes } from "#shared/api-error.ts";
import { AppError } from "./errors.ts";

export const nulMessage = "Text must not contain a NUL character.";

/** Enough to say what is wrong; a body with thousands of such strings is not answered in full. */
const fieldsReportedMax = 20;

/** A field's place, as a chain up to the root: nested values share their parents' links. */
type Path = { key: string; parent: Path } | null;

function nameOf(path: Path, rootName: string): string {
  const keys: string[] = [];
  for (let link = path; link !== null; link = link.parent) keys.push(link.key);
  return keys.length === 0 ? rootName : keys.reverse().join(".");
}

/**
 * The fields of a parsed query, params or body whose text holds a NUL, named as validation names
 * them: `q`, `address.city`, `items.0`; `body` for a body that is a single string. A key holding a
 * NUL counts too. Nested values are walked with a list, not recursion: a 64 KiB body can nest
 * arrays 30,000 deep.
 */
export function fieldsWithNul(value: unknown, rootName = "body"): string[] {
  const found: string[] = [];
  const pending: { value: unknown; path: Path }[] = [{ value, path: null }];
  while (pending.length > 0 && found.length < fieldsReportedMax) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === "string") {
      if (current.includes("\0")) found.push(nameOf(path, rootName));
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) pending.push({ value: current[i], path: { key: String(i), parent: path } });
    } else if (current !== null && typeof current === "object") {
      const entries = Object.entries(current as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, child] = entries[i]!;
        if (key.includes("\0")) found.push(nameOf({ key, parent: path }, rootName));
        else pending.push({ value: child, path: { key, parent: path } });
      }
    }
  }
  return found.slice(0, fieldsReportedMax);
}

/**
 * A preValidation hook: 400 VALIDATION_ERROR naming every field with a NUL, before any handler.
 * A path no route has stays a 404: the not-found answer reads nothing and stores nothing.
 */
export function refuseNulCharacters(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if (request.is404) {
    done();
    return;
  }
  const names = [...fieldsWithNul(request.params, "params"), ...fieldsWithNul(request.query, "query"), ...fieldsWithNul(request.body)];
  if (names.length === 0) {
    done();
    return;
  }
  const fields: Record<string, string> = {};
  for (const name of names) fields[name] ??= nulMessage;
  done(new AppError(400, errorCodes.validation, nulMessage, fields));
}
