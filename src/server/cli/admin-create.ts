// `npm run admin:create -- --email a@b.c --role super_admin [--password …]`
// Creates an admin account, or gives an existing user the role. Without --password (or the
// ADMIN_PASSWORD variable) a strong password is generated and printed once.
// With the embedded database, stop the server first: PGlite allows one process at a time.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { adminPassword, emailSchema } from "#shared/auth-schemas.ts";
import { findUserIdByEmail } from "../auth/profile-queries.ts";
import { createAuth } from "../auth/auth.ts";
import { isCommonPassword } from "../auth/common-passwords.ts";
import { createUserWithPassword, grantAdminRole } from "../admins/create-admin.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { EmbeddedDatabaseBusyError } from "../db/embedded-lock.ts";
import { AppError } from "../http/errors.ts";
import { createMailer } from "../mail/mailer.ts";

const argsSchema = z.object({
  email: emailSchema,
  role: z.enum(["admin", "super_admin"], { error: "--role must be admin or super_admin" }),
  password: adminPassword.optional(),
});

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { email: { type: "string" }, role: { type: "string", default: "admin" }, password: { type: "string" } },
  });
  const parsed = argsSchema.safeParse({ ...values, password: values.password ?? process.env.ADMIN_PASSWORD });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`${issue.path.join(".") || "arguments"}: ${issue.message}`);
    console.error("usage: npm run admin:create -- --email you@example.com --role super_admin [--password …]");
    return 2;
  }
  const { email, role } = parsed.data;
  if (parsed.data.password && isCommonPassword(parsed.data.password)) {
    console.error("password: This password is too common. Choose another.");
    return 2;
  }

  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : { kind: "pglite", dataDir: config.dataDir },
  );
  const log = { info: () => undefined, error: (obj: object, msg: string) => console.error(msg, obj) };
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, "mail"), log });
  const auth = createAuth({ db: database.db, config, mailer, log });
  try {
    let userId = await findUserIdByEmail(database.db, email);
    const newAccount = userId === null;
    if (userId) {
      console.log(`${email} already has an account; giving it the role ${role}.`);
    } else {
      const password = parsed.data.password ?? randomBytes(18).toString("base64url");
      userId = await createUserWithPassword(auth, database.db, { email, password });
      console.log(`Created ${email}.`);
      if (!parsed.data.password) console.log(`Generated password (shown once): ${password}`);
    }
    await grantAdminRole(database.db, { userId, role, actorId: null, newAccount, publicUrl: config.publicUrl });
    console.log(`${email} is now ${role}. Sign in at ${config.publicUrl}/admin/login`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof AppError || error instanceof EmbeddedDatabaseBusyError)
      console.error(error.message);
    else console.error(error);
    process.exit(1);
  },
);
