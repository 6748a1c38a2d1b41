// Where the e2e server runs and keeps its data (its outbox of .eml files included).
import path from "node:path";

export const e2ePort = 3100;
export const e2eBaseUrl = `http://localhost:${e2ePort}`;
export const e2eDataDir = path.resolve(".e2e-data");
export const e2eOutboxDir = path.join(e2eDataDir, "mail");
