// Where the e2e server runs and keeps its data (its outbox of .eml files included). E2E_PORT lets
// two runs share a machine; each gets its own data folder, and its own TronGrid simulator on the next
// port up (the chain watcher of the e2e server polls it).
import path from "node:path";

export const e2ePort = Number(process.env.E2E_PORT ?? 3100);
export const e2eBaseUrl = `http://localhost:${e2ePort}`;
export const e2eDataDir = path.resolve(e2ePort === 3100 ? ".e2e-data" : `.e2e-data-${e2ePort}`);
export const e2eOutboxDir = path.join(e2eDataDir, "mail");
export const e2eSimulatorPort = e2ePort + 1;
export const e2eSimulatorUrl = `http://127.0.0.1:${e2eSimulatorPort}`;
/** The company's TRC-20 address in the e2e run (the development one): the server shows it, the simulator's transfers go to it. */
export const e2eDepositAddress = "TKBTfBqELELT4JwJepyXTD18pcAVTpGe74";

/**
 * A second e2e server, two ports up, whose deposit requests expire after one minute
 * (DEPOSIT_WINDOW_MINUTES=1, decision 038): journeys watch a request run out without waiting an
 * hour. Its own fresh data folder, no demo data, the same simulator.
 */
export const e2eShortWindowPort = e2ePort + 2;
export const e2eShortWindowBaseUrl = `http://localhost:${e2eShortWindowPort}`;
export const e2eShortWindowDataDir = `${e2eDataDir}-short`;

/**
 * A third e2e server, three ports up, with customer protection as shipped (decision 039): every
 * withdrawal needs its owner's code, unverified customers withdraw nothing (no hold after a
 * security change, though: see playwright.config.ts). Its own fresh data
 * folder (its outbox in `mail/` under it), no demo data, no admin, the same simulator.
 */
export const e2eProtectedPort = e2ePort + 3;
export const e2eProtectedBaseUrl = `http://localhost:${e2eProtectedPort}`;
export const e2eProtectedDataDir = `${e2eDataDir}-protected`;
export const e2eProtectedOutboxDir = path.join(e2eProtectedDataDir, "mail");
