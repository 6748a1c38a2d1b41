// `npm run chain:simulate`: a TronGrid-compatible simulator for demos (decision 018), on
// SIMULATOR_PORT (8090 unless set). Point the server at it with TRON_API_URL=<the printed URL>,
// then add transfers to DEPOSIT_ADDRESS (the development address unless set), one of two ways:
//   - type a line on stdin: `<amount> [from-address]`, e.g. `20.5` or `123.456789 T…`;
//   - curl -X POST <url>/simulator/transfers -H 'content-type: application/json' -d '{"amount":"20.5"}'
// and make it fail: curl -X POST <url>/simulator/fail -d '{"mode":"error"}' (or "unavailable",
// "stall", null; "delayMs": 2000 answers late). Ctrl-C stops it.
import { createInterface } from "node:readline";
import { developmentDepositAddress } from "../config.ts";
import { startTronGridSimulator } from "./trongrid-simulator.ts";

const port = Number(process.env.SIMULATOR_PORT ?? 8090);
const defaultTo = process.env.DEPOSIT_ADDRESS ?? developmentDepositAddress;
const simulator = await startTronGridSimulator({
  port,
  defaultTo,
  ...(process.env.TRON_API_KEY ? { apiKey: process.env.TRON_API_KEY } : {}),
});

console.log(`TronGrid simulator at ${simulator.url} (transfers go to ${defaultTo})`);
console.log(`Run the server with TRON_API_URL=${simulator.url}; type "<amount> [from]" to add a transfer.`);

const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const [amount, from] = line.trim().split(/\s+/);
  if (!amount) return;
  try {
    const item = simulator.addTransfer({ amount, ...(from ? { from } : {}) });
    console.log(`added ${amount} USDT from ${item.from}, txid ${item.transaction_id}`);
  } catch (error) {
    console.log(`not added: ${error instanceof Error ? error.message : String(error)}`);
  }
});

const stop = () => {
  lines.close();
  void simulator.close().then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
