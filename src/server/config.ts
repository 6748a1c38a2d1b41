// Configuration from the environment (the README's Configuration table). Everything is optional; a bad value stops the
// server at start with a message that names the variable.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { isTronAddress } from "#shared/tron.ts";

/** Tether's USDT TRC-20 contract on TRON's mainnet. */
export const mainnetUsdtContract = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

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
  // Solvency (decision 053): addresses besides DEPOSIT_ADDRESS whose USDT counts as reserves, comma-separated.
  RESERVE_ADDRESSES: z
    .string()
    .default("")
    .transform((text) =>
      text
        .split(",")
        .map((address) => address.trim())
        .filter((address) => address !== ""),
    )
    .refine((addresses) => addresses.every(isTronAddress), "must be TRON addresses, comma-separated (T and 33 base58 characters each)"),
  // The chain watcher (decision 018): off unless TRON_API_URL is set.
  TRON_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  TRON_API_KEY: z.string().min(1).optional(),
  USDT_CONTRACT: z
    .string()
    .refine(isTronAddress, "must be a TRON address (T and 33 base58 characters, valid checksum)")
    .default(mainnetUsdtContract),
  CHAIN_POLL_SECONDS: z.coerce.number().int().min(5).max(3600).default(30),
  // Decision 038: how long polls may succeed without the cursor moving, while the API's own chain
  // moves on and polls stop at their page limit, before health says the watcher is failing.
  CHAIN_STALL_MINUTES: z.coerce.number().int().min(1).max(10080).default(30),
  // Decision 038: how long a deposit request's exact amount is valid, and how many open requests one customer may hold.
  DEPOSIT_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  DEPOSIT_OPEN_MAX: nonNegativeInt.default(10),
  // "confirmed": a deposit request matched to a confirmed transfer is credited by the watcher (decision 019).
  DEPOSIT_AUTO_CREDIT: z.enum(["off", "confirmed"], { error: 'must be "off" or "confirmed"' }).default("off"),
  RATE_BDT_PER_USDT: z
    .string()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, "must be a decimal like 125 or 125.50")
    .default("125"),
  DEPOSIT_MIN_USDT: nonNegativeInt.default(10),
  WITHDRAWAL_MIN_BDT: nonNegativeInt.default(500),
  WITHDRAWAL_DAILY_MAX_BDT: nonNegativeInt.default(50000),
  // Four eyes (decision 020): adjustments and withdrawal approvals of this many BDT or more wait for a second admin; 0 = off.
  FOUR_EYES_MIN_BDT: nonNegativeInt.default(25000),
  // Decision 040: a new or newly promoted admin confirms nothing for this many hours.
  NEW_ADMIN_COOLDOWN_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  // Decision 039: what a stolen password cannot do. Every withdrawal is confirmed by its owner (an
  // e-mailed code, or their authenticator's) unless "off"; withdrawals wait this many hours after a
  // password or second-factor change; an unverified customer withdraws at most this many BDT a day.
  WITHDRAWAL_CONFIRMATION: z.enum(["on", "off"], { error: 'must be "on" or "off"' }).default("on"),
  SECURITY_HOLD_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  UNVERIFIED_WITHDRAWAL_DAILY_MAX_BDT: nonNegativeInt.default(0),
  // How often the e-mail outbox is checked for messages to send (it is also woken after each decision).
  MAIL_OUTBOX_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  SIGNUPS_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  TWO_FACTOR_CODES_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  CONTACT_MESSAGES_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(10),
  TRUST_PROXY: z.string().transform(parseTrustProxy).optional(),
  SUPPORT_EMAIL: z.email().default("support@nexapay.com.bd"),
  CHAT_URL: z.url().default("https://t.me/nexapay_support"),
  // Where identity documents live (decision 042): unset = $DATA_DIR/uploads; s3://bucket/prefix = an
  // S3-compatible bucket, reached with the standard AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY.
  STORAGE_URL: z
    .string()
    .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[A-Za-z0-9!_.*'()/-]*)?$/, "must look like s3://bucket or s3://bucket/prefix")
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"], { error: 'must be "true" or "false"' }).default("false"),
  // GET /metrics answers only with "Authorization: Bearer <this>" (decision 045); unset = no /metrics.
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
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
  /** Where the company's USDT is held: the deposit address first, then RESERVE_ADDRESSES, each once. */
  reserveAddresses: string[];
  /** The chain watcher's settings; null when TRON_API_URL is unset (the watcher is off). */
  chain: ChainConfig | null;
  rateBdtPerUsdt: string;
  depositMinUsdt: number;
  /** A deposit request's window, in minutes (decision 038). */
  depositWindowMinutes: number;
  /** The most open deposit requests one customer may hold; 0 = no limit (decision 038). */
  depositOpenMax: number;
  withdrawalMinBdt: number;
  withdrawalDailyMaxBdt: number;
  /** Four eyes: the smallest amount (BDT) that needs a second admin; 0 = off. */
  fourEyesMinBdt: number;
  /** Hours after an admin's creation or promotion during which they confirm no second approval (decision 040). */
  newAdminCooldownHours: number;
  /** Whether each withdrawal needs its owner's code (decision 039). */
  withdrawalConfirmation: boolean;
  /** Hours withdrawals wait after a password or second-factor change; 0 = no wait. */
  securityHoldHours: number;
  /** The most an unverified customer may withdraw in a Dhaka day, in BDT; 0 = nothing (decision 039). */
  unverifiedWithdrawalDailyMaxBdt: number;
  /** How often the e-mail outbox sender polls, in seconds. */
  mailOutboxPollSeconds: number;
  supportEmail: string;
  chatUrl: string;
  /**
   * Which proxies may tell the client's address in X-Forwarded-For (Fastify's `trustProxy`):
   * false = none, the address is the connection's; a list = proxies at these addresses or ranges.
   */
  trustProxy: false | string[];
  /** Per-IP limits on public, unauthenticated forms (a whole office may share one address). */
  rateLimits: { signUpsPerIpPerMinute: number; twoFactorCodesPerIpPerMinute: number; contactMessagesPerIpPerHour: number };
  /** Where uploaded documents live (decision 042). */
  storage: StorageConfig;
  /** The bearer token GET /metrics asks for; undefined = /metrics answers 404 (decision 045). */
  metricsToken: string | undefined;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  isProduction: boolean;
};

export type ChainConfig = {
  /** A TronGrid-compatible HTTP API, without a trailing slash. */
  apiUrl: string;
  /** Sent as the TRON-PRO-API-KEY header when set. */
  apiKey: string | undefined;
  usdtContract: string;
  pollSeconds: number;
  /** Polls that succeed without the cursor moving for this long, while the chain moves on, are a stall (decision 038). */
  stallMinutes: number;
  /** DEPOSIT_AUTO_CREDIT=confirmed: matched deposits are credited without an admin (decision 019). */
  autoCredit: boolean;
};

export type StorageConfig =
  | { kind: "local"; root: string }
  | {
      kind: "s3";
      bucket: string;
      /** Prepended to every key, without leading or trailing slashes; "" for none. */
      prefix: string;
      /** A non-AWS store's URL (MinIO, Ceph, s3rver); undefined = AWS. */
      endpoint: string | undefined;
      region: string;
      forcePathStyle: boolean;
    };

/** STORAGE_URL's bucket and prefix ("s3://bucket/a/b/" → bucket, "a/b"). */
export function parseStorageUrl(url: string): { bucket: string; prefix: string } {
  const rest = url.slice("s3://".length);
  const slash = rest.indexOf("/");
  if (slash === -1) return { bucket: rest, prefix: "" };
  return { bucket: rest.slice(0, slash), prefix: rest.slice(slash + 1).replace(/^\/+|\/+$/g, "") };
}

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
  if (e.DEPOSIT_AUTO_CREDIT === "confirmed" && !e.TRON_API_URL) {
    // Nothing would ever be matched, so nothing credited: a setting that silently does nothing is a trap.
    throw new ConfigError("Invalid configuration:\n  DEPOSIT_AUTO_CREDIT: needs TRON_API_URL (the chain watcher) to be set");
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
    reserveAddresses: [...new Set([e.DEPOSIT_ADDRESS ?? developmentDepositAddress, ...e.RESERVE_ADDRESSES])],
    chain: e.TRON_API_URL
      ? {
          apiUrl: e.TRON_API_URL.replace(/\/+$/, ""),
          apiKey: e.TRON_API_KEY,
          usdtContract: e.USDT_CONTRACT,
          pollSeconds: e.CHAIN_POLL_SECONDS,
          stallMinutes: e.CHAIN_STALL_MINUTES,
          autoCredit: e.DEPOSIT_AUTO_CREDIT === "confirmed",
        }
      : null,
    rateBdtPerUsdt: e.RATE_BDT_PER_USDT,
    depositMinUsdt: e.DEPOSIT_MIN_USDT,
    depositWindowMinutes: e.DEPOSIT_WINDOW_MINUTES,
    depositOpenMax: e.DEPOSIT_OPEN_MAX,
    withdrawalMinBdt: e.WITHDRAWAL_MIN_BDT,
    withdrawalDailyMaxBdt: e.WITHDRAWAL_DAILY_MAX_BDT,
    fourEyesMinBdt: e.FOUR_EYES_MIN_BDT,
    newAdminCooldownHours: e.NEW_ADMIN_COOLDOWN_HOURS,
    withdrawalConfirmation: e.WITHDRAWAL_CONFIRMATION === "on",
    securityHoldHours: e.SECURITY_HOLD_HOURS,
    unverifiedWithdrawalDailyMaxBdt: e.UNVERIFIED_WITHDRAWAL_DAILY_MAX_BDT,
    mailOutboxPollSeconds: e.MAIL_OUTBOX_POLL_SECONDS,
    supportEmail: e.SUPPORT_EMAIL,
    rateLimits: {
      signUpsPerIpPerMinute: e.SIGNUPS_PER_IP_PER_MINUTE,
      twoFactorCodesPerIpPerMinute: e.TWO_FACTOR_CODES_PER_IP_PER_MINUTE,
      contactMessagesPerIpPerHour: e.CONTACT_MESSAGES_PER_IP_PER_HOUR,
    },
    chatUrl: e.CHAT_URL,
    trustProxy: e.TRUST_PROXY ?? false,
    storage: e.STORAGE_URL
      ? {
          kind: "s3",
          ...parseStorageUrl(e.STORAGE_URL),
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === "true",
        }
      : { kind: "local", root: path.join(dataDir, "uploads") },
    metricsToken: e.METRICS_TOKEN,
    logLevel: e.LOG_LEVEL,
    isProduction: e.NODE_ENV === "production",
  };
}

const trustProxyHint =
  "must be a comma-separated list of the proxies' addresses or ranges (like 127.0.0.1,10.0.0.0/8); leave it unset to trust no proxy";

/**
 * TRUST_PROXY: the addresses (IPv4, IPv6) and CIDR ranges of the proxies in front of us, separated
 * by commas. Every entry is checked, so a typo stops the start instead of quietly trusting nobody.
 * A count of proxies ("1") is refused: it trusts whoever connects first, so a client that reaches
 * the server directly could write its own X-Forwarded-For and pass as any address (Fastify dropped
 * the count for that reason and would silently treat it as "no proxy"). "true" and /0 ranges are
 * refused for the same reason.
 */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): string[] {
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    ctx.addIssue({
      code: "custom",
      message: `a number of proxies cannot tell our proxy from a client that connects directly: ${trustProxyHint}`,
    });
    return z.NEVER;
  }
  const entries = text.split(",").map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0) {
    const named = bad.filter((entry) => entry !== "").map((entry) => `"${entry}"`);
    ctx.addIssue({
      code: "custom",
      message: named.length > 0 ? `${trustProxyHint}; not an address or range: ${named.join(", ")}` : trustProxyHint,
    });
    return z.NEVER;
  }
  return entries;
}

/** An IPv4 or IPv6 address, alone or with a /prefix from 1 to its length (10.0.0.0/8, fd00::/8). */
function isAddressOrRange(entry: string): boolean {
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  const bits = Number(prefix);
  return bits >= 1 && bits <= (version === 4 ? 32 : 128);
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
