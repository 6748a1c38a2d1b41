// Where the e2e server runs and keeps its data (its outbox of .eml files included). E2E_PORT lets
// two runs share a machine; each gets its own data folder.
import path from "node:path";

export const e2ePort = Number(process.env.E2E_PORT ?? 3100);
export const e2eBaseUrl = `http://localhost:${e2ePort}`;
export const e2eDataDir = path.resolve(e2ePort === 3100 ? ".e2e-data" : `.e2e-data-${e2ePort}`);
export const e2eOutboxDir = path.join(e2eDataDir, "mail");
