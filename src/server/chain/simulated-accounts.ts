// The TronGrid simulator's accounts (decision 053): the USDT balance it holds for each address, and
// Tether's blacklist, as two endpoints answer them:
//   GET  /v1/accounts/{address}                  → TronGrid's account, its trc20 list holding the USDT
//                                                   balance; an address never given a balance is an
//                                                   account never activated (data: []).
//   POST /walletsolidity/triggerconstantcontract → isBlackListed(address) on the USDT contract; any
//                                                   other contract or selector is refused as java-tron does.
// Balances and blacklist are set explicitly (controls below, or the methods for tests); the transfers
// the simulator lists do not change them. For tests of a broken API, a balance or a blacklist word
// can also be set to a raw value sent as it is.
import bs58check from "bs58check";
import { parseUsdt } from "#shared/money.ts";
import { isTronAddress } from "#shared/tron.ts";

/** An answer for the simulator to send: status and JSON body. */
export type SimulatedAnswer = { status: number; body: unknown };

export type SimulatedAccounts = {
  /** The address's USDT balance from now on: decimal USDT ("1500.25"), micro-USDT, or { raw } sent as the trc20 value as it is. */
  setBalance: (address: string, amount: string | bigint | { raw: unknown }) => void;
  /** Whether isBlackListed(address) answers 1; a string is sent as the answer's word as it is. */
  setBlacklisted: (address: string, blacklisted: boolean | string) => void;
  answerAccount: (address: string, params: URLSearchParams) => SimulatedAnswer;
  answerConstantCall: (body: unknown) => SimulatedAnswer;
  /** POST /simulator/balances and /simulator/blacklist; null for another path. Throws on a bad body (the caller answers 400). */
  control: (path: string, body: Record<string, unknown>) => SimulatedAnswer | null;
};

export const accountPathPattern = /^\/v1\/accounts\/([^/]+)$/;
export const constantCallPath = "/walletsolidity/triggerconstantcontract";
const accountParams = new Set(["only_confirmed", "only_unconfirmed", "visible"]);
const isBlackListedSelector = "isBlackListed(address)";

export function createSimulatedAccounts(usdtContract: string): SimulatedAccounts {
  const balances = new Map<string, unknown>();
  const blacklist = new Map<string, boolean | string>();
  const accounts: SimulatedAccounts = {
    setBalance(address, amount) {
      if (typeof amount === "object") balances.set(address, amount.raw);
      else balances.set(address, (typeof amount === "bigint" ? amount : parseUsdt(amount)).toString());
    },
    setBlacklisted(address, blacklisted) {
      blacklist.set(address, blacklisted);
    },
    answerAccount(address, params) {
      if (!isTronAddress(address)) return refused(400, `invalid address ${address}`);
      for (const name of params.keys()) if (!accountParams.has(name)) return refused(400, `unknown parameter ${name}`);
      if (!balances.has(address)) return { status: 200, body: { data: [], success: true, meta: { at: Date.now(), page_size: 0 } } };
      const account = {
        address: hexAddress(address),
        balance: 0,
        create_time: 1_600_000_000_000,
        trc20: [{ [usdtContract]: balances.get(address) }],
      };
      return { status: 200, body: { data: [account], success: true, meta: { at: Date.now(), page_size: 1 } } };
    },
    answerConstantCall(body) {
      const call = constantCall(body, usdtContract);
      if ("error" in call) return { status: 200, body: { result: { code: "CONTRACT_VALIDATE_ERROR", message: call.error } } };
      const flag = blacklist.get(call.address) ?? false;
      const word = typeof flag === "string" ? flag : (flag ? "1" : "0").padStart(64, "0");
      return { status: 200, body: { result: { result: true }, energy_used: 1_000, constant_result: [word] } };
    },
    control(path, body) {
      if (path === "/simulator/balances") {
        const address = controlAddress(body);
        if (typeof body.amount !== "string") throw new Error('amount must be decimal USDT, like "1500.25"');
        accounts.setBalance(address, body.amount);
        return { status: 200, body: { address, amount: body.amount } };
      }
      if (path === "/simulator/blacklist") {
        const address = controlAddress(body);
        if (typeof body.blacklisted !== "boolean") throw new Error("blacklisted must be true or false");
        accounts.setBlacklisted(address, body.blacklisted);
        return { status: 200, body: { address, blacklisted: body.blacklisted } };
      }
      return null;
    },
  };
  return accounts;
}

/** The address asked about, or why java-tron would refuse the call. */
function constantCall(body: unknown, usdtContract: string): { address: string } | { error: string } {
  const call = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  if (call.contract_address !== usdtContract) return { error: "No contract or not a smart contract" };
  if (call.function_selector !== isBlackListedSelector)
    return { error: `the simulator answers only ${isBlackListedSelector} (asked: ${String(call.function_selector)})` };
  const parameter = call.parameter;
  if (typeof parameter !== "string" || !/^0{24}[0-9a-fA-F]{40}$/.test(parameter)) return { error: "parameter is not one address word" };
  return { address: bs58check.encode(Buffer.from(`41${parameter.slice(24)}`, "hex")) };
}

function controlAddress(body: Record<string, unknown>): string {
  const address = body.address;
  if (typeof address !== "string" || !isTronAddress(address)) throw new Error("address must be a TRON address");
  return address;
}

/** TronGrid's accounts carry their address in hex (41…). */
function hexAddress(address: string): string {
  return Buffer.from(bs58check.decode(address)).toString("hex");
}

function refused(status: number, error: string): SimulatedAnswer {
  return { status, body: { success: false, error, statusCode: status } };
}
