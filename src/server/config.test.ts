import { mkdtempSync, readFileSync, rmSync, statSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { ConfigError, developmentDepositAddress, loadConfig } from "./config.ts";

// Everything optional, validated at start; a bad value stops the server with a message
// that names the variable.
let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "nexapay-config-"));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** The ConfigError message loadConfig throws for this environment (fails if it does not throw). */
function configErrorFor(env: Record<string, string>): string {
  try {
    loadConfig({ DATA_DIR: dataDir, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe("defaults", () => {
  test("an environment with only DATA_DIR gives the documented defaults", () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      dataDir,
      databaseUrl: undefined,
      publicUrl: "http://localhost:3000",
      smtpUrl: undefined,
      mailFrom: "Nexapay <no-reply@nexapay.local>",
      depositAddress: developmentDepositAddress,
      rateBdtPerUsdt: "125",
      depositMinUsdt: 10,
      withdrawalMinBdt: 500,
      withdrawalDailyMaxBdt: 50000,
      logLevel: "info",
      isProduction: false,
    });
  });

  test("DATA_DIR defaults to ./data, resolved to an absolute path", () => {
    const config = loadConfig({ AUTH_SECRET: "x".repeat(32) });
    expect(config.dataDir).toBe(path.resolve("data"));
  });

  test("PUBLIC_URL follows PORT, and a trailing slash is dropped", () => {
    expect(loadConfig({ DATA_DIR: dataDir, PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: "https://pay.example.com/" }).publicUrl).toBe("https://pay.example.com");
  });

  test("numbers and limits are read as numbers; 0 is allowed (it disables a limit)", () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: "4000",
      DEPOSIT_MIN_USDT: "0",
      WITHDRAWAL_MIN_BDT: "100",
      WITHDRAWAL_DAILY_MAX_BDT: "0",
    });
    expect(config).toMatchObject({ port: 4000, depositMinUsdt: 0, withdrawalMinBdt: 100, withdrawalDailyMaxBdt: 0 });
  });
});

describe("AUTH_SECRET", () => {
  test("without it, a random secret is generated into DATA_DIR (owner-only) and reused on the next start", () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, "auth-secret");
    expect(first.authSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(file, "utf8").trim()).toBe(first.authSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(first.authSecret);
  });

  test("a given secret is used as it is and nothing is written", () => {
    const secret = "s".repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: secret }).authSecret).toBe(secret);
    expect(existsSync(path.join(dataDir, "auth-secret"))).toBe(false);
  });

  test("a short secret is refused, naming the variable", () => {
    expect(configErrorFor({ AUTH_SECRET: "too-short" })).toContain("AUTH_SECRET: must be at least 32 characters");
  });
});

describe("TRUST_PROXY", () => {
  test("unset, no proxy is trusted: the client's address is the connection's", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).trustProxy).toBe(false);
  });

  test("a comma-separated list of IPv4 and IPv6 addresses and ranges is read as a list, spaces dropped", () => {
    const config = loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: "127.0.0.1, 10.0.0.0/8,::1 , fd00::/8,172.16.0.0/12" });
    expect(config.trustProxy).toEqual(["127.0.0.1", "10.0.0.0/8", "::1", "fd00::/8", "172.16.0.0/12"]);
  });

  // A count of proxies trusts whoever connects first: a client reaching the server directly could
  // then choose its own address. "true" and a /0 range trust everybody.
  test.each([
    "1",
    "0",
    "2",
    "true",
    "",
    ",",
    "127.0.0.1,",
    "localhost",
    "10.0.0/8",
    "10.0.0.0/33",
    "10.0.0.0/0",
    "::/0",
    "fd00::/129",
    "10.0.0.0/8/8",
    "10.0.0.0/x",
  ])("%j is refused, naming the variable", (value) => {
    expect(configErrorFor({ TRUST_PROXY: value })).toMatch(/^ {2}TRUST_PROXY: \S/m);
  });

  test("the message says why a count is refused and names a mistyped entry", () => {
    expect(configErrorFor({ TRUST_PROXY: "1" })).toContain("TRUST_PROXY: a number of proxies cannot tell our proxy from a client");
    expect(configErrorFor({ TRUST_PROXY: "127.0.0.1,10.0.0.300" })).toContain('not an address or range: "10.0.0.300"');
  });
});

describe("a bad value names the variable", () => {
  test.each([
    { name: "PORT", value: "http" },
    { name: "PORT", value: "0" },
    { name: "PORT", value: "70000" },
    { name: "PORT", value: "80.5" },
    { name: "DATABASE_URL", value: "mysql://db.example.com/nexapay" },
    { name: "DATABASE_URL", value: "not a url" },
    { name: "PUBLIC_URL", value: "ftp://pay.example.com" },
    { name: "SMTP_URL", value: "http://mail.example.com" },
    { name: "DEPOSIT_ADDRESS", value: "0x52908400098527886E0F7030069857D2E4169EE7" },
    { name: "RATE_BDT_PER_USDT", value: "one hundred" },
    { name: "RATE_BDT_PER_USDT", value: "125.555" },
    { name: "RATE_BDT_PER_USDT", value: "-125" },
    { name: "DEPOSIT_MIN_USDT", value: "-1" },
    { name: "WITHDRAWAL_MIN_BDT", value: "five hundred" },
    { name: "WITHDRAWAL_DAILY_MAX_BDT", value: "1.5" },
    { name: "SUPPORT_EMAIL", value: "support-at-nexapay" },
    { name: "LOG_LEVEL", value: "verbose" },
    { name: "NODE_ENV", value: "staging" },
  ])("$name=$value", ({ name, value }) => {
    const message = configErrorFor({ [name]: value });
    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toMatch(new RegExp(`^  ${name}: \\S`, "m"));
  });

  test("a TRON address with a broken checksum is refused", () => {
    const last = developmentDepositAddress.at(-1)!;
    const broken = developmentDepositAddress.slice(0, -1) + (last === "A" ? "B" : "A");
    expect(configErrorFor({ DEPOSIT_ADDRESS: broken })).toMatch(/^ {2}DEPOSIT_ADDRESS: /m);
    expect(loadConfig({ DATA_DIR: dataDir, DEPOSIT_ADDRESS: developmentDepositAddress }).depositAddress).toBe(developmentDepositAddress);
  });

  test("several bad values are all named in one message", () => {
    const message = configErrorFor({ PORT: "abc", LOG_LEVEL: "loud", RATE_BDT_PER_USDT: "x" });
    for (const name of ["PORT", "LOG_LEVEL", "RATE_BDT_PER_USDT"]) expect(message).toMatch(new RegExp(`^  ${name}: `, "m"));
  });

  test("production without a DEPOSIT_ADDRESS is refused: the development address belongs to nobody", () => {
    expect(configErrorFor({ NODE_ENV: "production", AUTH_SECRET: "x".repeat(32) })).toMatch(
      /^ {2}DEPOSIT_ADDRESS: must be set in production/m,
    );
    const config = loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      DEPOSIT_ADDRESS: developmentDepositAddress,
      AUTH_SECRET: "x".repeat(32),
    });
    expect(config.isProduction).toBe(true);
  });
});

describe("the chain watcher's settings (decision 018)", () => {
  test("off unless TRON_API_URL is set", () => {
    expect(loadConfig({ DATA_DIR: dataDir, TRON_API_KEY: "k", CHAIN_POLL_SECONDS: "60" }).chain).toBeNull();
  });

  test("with TRON_API_URL: the mainnet USDT contract and 30 s by default, a trailing slash dropped", () => {
    expect(loadConfig({ DATA_DIR: dataDir, TRON_API_URL: "https://api.trongrid.io/" }).chain).toEqual({
      apiUrl: "https://api.trongrid.io",
      apiKey: undefined,
      usdtContract: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
      pollSeconds: 30,
      stallMinutes: 30,
      autoCredit: false,
    });
    const given = loadConfig({
      DATA_DIR: dataDir,
      TRON_API_URL: "http://127.0.0.1:8090",
      TRON_API_KEY: "secret",
      USDT_CONTRACT: developmentDepositAddress,
      CHAIN_POLL_SECONDS: "5",
      CHAIN_STALL_MINUTES: "90",
      DEPOSIT_AUTO_CREDIT: "confirmed",
    }).chain;
    expect(given).toEqual({
      apiUrl: "http://127.0.0.1:8090",
      apiKey: "secret",
      usdtContract: developmentDepositAddress,
      pollSeconds: 5,
      stallMinutes: 90,
      autoCredit: true,
    });
  });

  test("DEPOSIT_AUTO_CREDIT=confirmed needs the watcher: without TRON_API_URL it is refused, not ignored", () => {
    expect(configErrorFor({ DEPOSIT_AUTO_CREDIT: "confirmed" })).toContain("DEPOSIT_AUTO_CREDIT");
  });

  test.each([
    ["TRON_API_URL", "ftp://api.trongrid.io"],
    ["TRON_API_URL", "api.trongrid.io"],
    ["USDT_CONTRACT", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u"],
    ["CHAIN_POLL_SECONDS", "4"],
    ["CHAIN_POLL_SECONDS", "3601"],
    ["CHAIN_POLL_SECONDS", "7.5"],
    ["CHAIN_POLL_SECONDS", "soon"],
    ["DEPOSIT_AUTO_CREDIT", "yes"],
    ["DEPOSIT_AUTO_CREDIT", "Confirmed"],
    ["CHAIN_STALL_MINUTES", "0"],
    ["CHAIN_STALL_MINUTES", "1.5"],
  ])("%s=%s is refused, naming the variable", (name, value) => {
    expect(configErrorFor({ TRON_API_URL: "https://api.trongrid.io", [name]: value })).toContain(name);
  });
});

describe("deposit requests' window and open limit (decision 038)", () => {
  test("60 minutes and 10 open requests by default; both may be set", () => {
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({ depositWindowMinutes: 60, depositOpenMax: 10 });
    expect(loadConfig({ DATA_DIR: dataDir, DEPOSIT_WINDOW_MINUTES: "15", DEPOSIT_OPEN_MAX: "0" })).toMatchObject({
      depositWindowMinutes: 15,
      depositOpenMax: 0,
    });
  });

  test.each([
    ["DEPOSIT_WINDOW_MINUTES", "0"],
    ["DEPOSIT_WINDOW_MINUTES", "1441"],
    ["DEPOSIT_WINDOW_MINUTES", "soon"],
    ["DEPOSIT_OPEN_MAX", "-1"],
    ["DEPOSIT_OPEN_MAX", "2.5"],
  ])("%s=%s is refused, naming the variable", (name, value) => {
    expect(configErrorFor({ [name]: value })).toContain(name);
  });
});

describe("RESERVE_ADDRESSES (decision 053)", () => {
  const other = "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf";

  test("unset, the deposit address is the only reserve address", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).reserveAddresses).toEqual([developmentDepositAddress]);
  });

  test("a comma-separated list follows the deposit address, spaces dropped, each address once", () => {
    const config = loadConfig({ DATA_DIR: dataDir, RESERVE_ADDRESSES: ` ${other} , ${developmentDepositAddress},${other},` });
    expect(config.reserveAddresses).toEqual([developmentDepositAddress, other]);
  });

  test("an address that is not a TRON address stops the start, naming the variable", () => {
    expect(configErrorFor({ RESERVE_ADDRESSES: `${other},TNotAnAddress` })).toContain("RESERVE_ADDRESSES");
  });
});
