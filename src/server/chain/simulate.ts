// `npm run chain:simulate`: a TronGrid-compatible simulator for demos (decisions 018 and 038), on
// SIMULATOR_PORT (8090 unless set). Point the server at it with TRON_API_URL=<the printed URL>,
// then add transfers to DEPOSIT_ADDRESS (the development address unless set), one of two ways:
//   - type a line on stdin: `<amount> [from-address]`, e.g. `20.5` or `123.456789 T…`;
//   - curl -X POST <url>/simulator/transfers -H 'content-type: application/json' -d '{"amount":"20.5"}'
// and make it fail: curl -X POST <url>/simulator/fail -d '{"mode":"error"}' (or "unavailable",
// "stall", null; "delayMs": 2000 answers late).
//
// It can also play a hostile API (decision 038), by a word on stdin or by curl (the header of
// trongrid-simulator.ts lists every control):
//   future        an item dated 2100        curl -X POST <url>/simulator/hostile -d '{"mode":"future-item"}'
//   other [n]     n items of another token  curl -X POST <url>/simulator/hostile -d '{"mode":"other-token","count":150}'
//   oversized [MB] pages of 250 MB          curl -X POST <url>/simulator/hostile -d '{"mode":"oversized-page"}'
//   overfull      pages over the limit      curl -X POST <url>/simulator/hostile -d '{"mode":"overfull-page"}'
//   normal        normal pages again        curl -X POST <url>/simulator/hostile -d '{"mode":null}'
//   freeze, unfreeze  stop or restart the chain's latest block (POST /simulator/blocks {"frozen":true})
//   block         print the latest block
//
// Reserves and Tether's blacklist (decision 053): an address's USDT balance (GET /v1/accounts/{address};
// every address holds 0 until given one) and isBlackListed(address), by a word on stdin or by curl:
//   balance <address> <amount>  curl -X POST <url>/simulator/balances -d '{"address":"T…","amount":"1500.25"}'
//   blacklist <address>         curl -X POST <url>/simulator/blacklist -d '{"address":"T…","blacklisted":true}'
//   unblacklist <address>       curl -X POST <url>/simulator/blacklist -d '{"address":"T…","blacklisted":false}'
// Ctrl-C stops it.
import { createInterface } from "node:readline";
import { isTronAddress } from "#shared/tron.ts";
import { developmentDepositAddress } from "../config.ts";
import { startTronGridSimulator, type TronGridSimulator } from "./trongrid-simulator.ts";

const port = Number(process.env.SIMULATOR_PORT ?? 8090);
const defaultTo = process.env.DEPOSIT_ADDRESS ?? developmentDepositAddress;
const simulator = await startTronGridSimulator({
  port,
  defaultTo,
  ...(process.env.TRON_API_KEY ? { apiKey: process.env.TRON_API_KEY } : {}),
});

console.log(`TronGrid simulator at ${simulator.url} (transfers go to ${defaultTo})`);
console.log(`Run the server with TRON_API_URL=${simulator.url}; type "<amount> [from]" to add a transfer.`);
console.log("Hostile API: type future, other [n], oversized [MB], overfull or normal; freeze, unfreeze or block for the chain.");
console.log("Reserves: type balance <address> <amount>, blacklist <address> or unblacklist <address>.");

/** An address typed on stdin, checked before the simulator is told anything. */
function typedAddress(text: string | undefined): string {
  if (text === undefined || !isTronAddress(text)) throw new Error("give a TRON address");
  return text;
}

/** The words typed on stdin for balances and the blacklist; each answers the line it prints. */
const accountCommands: Record<string, (sim: TronGridSimulator, argument: string | undefined, more: string | undefined) => string> = {
  balance: (sim, address, amount) => {
    if (amount === undefined) throw new Error('give an amount, like "balance T… 1500.25"');
    sim.setBalance(typedAddress(address), amount);
    return `${address} now holds ${amount} USDT`;
  },
  blacklist: (sim, address) => (sim.setBlacklisted(typedAddress(address), true), `${address} is now blacklisted by Tether`),
  unblacklist: (sim, address) => (sim.setBlacklisted(typedAddress(address), false), `${address} is no longer blacklisted`),
};

/** The words typed on stdin that play a hostile API; each answers the line it prints. */
const hostileCommands: Record<string, (sim: TronGridSimulator, argument: string | undefined) => string> = {
  future: (sim) => `added an item dated 2100, txid ${sim.addFutureItem().transaction_id}`,
  other: (sim, n) => `added ${sim.addOtherTokenItems({ count: Number(n ?? 1) || 1 }).length} item(s) of another token`,
  oversized: (sim, mb) => {
    const bytes = (Number(mb ?? 250) || 250) * 1024 * 1024;
    sim.setOversizedPage({ bytes });
    return `every page now answers ${bytes / 1024 / 1024} MB; type "normal" to stop`;
  },
  overfull: (sim) => {
    sim.setOverfullPages(true);
    return 'every page now holds all its items, whatever the limit; type "normal" to stop';
  },
  normal: (sim) => {
    sim.setOversizedPage(null);
    sim.setOverfullPages(false);
    return "pages are normal again";
  },
  freeze: (sim) => (sim.freezeBlocks(true), `the chain stops at block ${sim.latestBlock().number}`),
  unfreeze: (sim) => (sim.freezeBlocks(false), `the chain moves again, at block ${sim.latestBlock().number}`),
  block: (sim) => `latest block ${sim.latestBlock().number} at ${new Date(sim.latestBlock().timeMs).toISOString()}`,
};

const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const [word, second, third] = line.trim().split(/\s+/);
  if (!word) return;
  try {
    const command = hostileCommands[word] ?? accountCommands[word];
    if (command) return console.log(command(simulator, second, third));
    const item = simulator.addTransfer({ amount: word, ...(second ? { from: second } : {}) });
    console.log(`added ${word} USDT from ${item.from}, txid ${item.transaction_id}`);
  } catch (error) {
    console.log(`not done: ${error instanceof Error ? error.message : String(error)}`);
  }
});

const stop = () => {
  lines.close();
  void simulator.close().then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
