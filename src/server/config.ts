// Configuration from the environment (DESIGN §8). Everything is optional; a bad value stops the
// server at start with a message that names the variable.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { isTronAddress } from "../shared/tron.ts";

const nonNegativeInt = z.coerce.number().int().min(0);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default("Nexapay <no-reply@nexapay.local>"),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  DEPOSIT_ADDRESS: z.string().refine(isTronAddress, "must be a TRON address (T and 33 base58 characters, valid checksum)").optional(),
  RATE_BDT_PER_USDT: z
    .string()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, "must be a decimal like 125 or 125.50")
    .default("125"),
  DEPOSIT_MIN_USDT: nonNegativeInt.default(10),
  WITHDRAWAL_MIN_BDT: nonNegativeInt.default(500),
  WITHDRAWAL_DAILY_MAX_BDT: nonNegativeInt.default(50000),
  SIGNUPS_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  TWO_FACTOR_CODES_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  CONTACT_MESSAGES_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(10),
  SUPPORT_EMAIL: z.email().default("support@nexapay.com.bd"),
  CHAT_URL: z.url().default("https://t.me/nexapay_support"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  authSecret: string;
  depositAddress: string;
  rateBdtPerUsdt: string;
  depositMinUsdt: number;
  withdrawalMinBdt: number;
  withdrawalDailyMaxBdt: number;
  supportEmail: string;
  chatUrl: string;
  /** Per-IP limits on public, unauthenticated forms (a whole office may share one address). */
  rateLimits: { signUpsPerIpPerMinute: number; twoFactorCodesPerIpPerMinute: number; contactMessagesPerIpPerHour: number };
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  isProduction: boolean;
};

export class ConfigError extends Error {}

/** A well-formed TRON address derived from a hash: nobody holds its key. For development only. */
export const developmentDepositAddress = "TKBTfBqELELT4JwJepyXTD18pcAVTpGe74";

/** Reads and validates the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === "production" && !e.DEPOSIT_ADDRESS) {
    // The development default is an address nobody holds a key to: money sent there is lost.
    throw new ConfigError("Invalid configuration:\n  DEPOSIT_ADDRESS: must be set in production (the company's TRC-20 wallet)");
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    authSecret: e.AUTH_SECRET ?? readOrCreateSecret(dataDir),
    depositAddress: e.DEPOSIT_ADDRESS ?? developmentDepositAddress,
    rateBdtPerUsdt: e.RATE_BDT_PER_USDT,
    depositMinUsdt: e.DEPOSIT_MIN_USDT,
    withdrawalMinBdt: e.WITHDRAWAL_MIN_BDT,
    withdrawalDailyMaxBdt: e.WITHDRAWAL_DAILY_MAX_BDT,
    supportEmail: e.SUPPORT_EMAIL,
    rateLimits: {
      signUpsPerIpPerMinute: e.SIGNUPS_PER_IP_PER_MINUTE,
      twoFactorCodesPerIpPerMinute: e.TWO_FACTOR_CODES_PER_IP_PER_MINUTE,
      contactMessagesPerIpPerHour: e.CONTACT_MESSAGES_PER_IP_PER_HOUR,
    },
    chatUrl: e.CHAT_URL,
    logLevel: e.LOG_LEVEL,
    isProduction: e.NODE_ENV === "production",
  };
}

/** Without AUTH_SECRET a random one is kept in $DATA_DIR so sessions survive a restart. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
