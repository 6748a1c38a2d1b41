// The endpoint table of docs/architecture.md, made from the server's own OpenAPI document.
//
//   node scripts/api-endpoints.mjs          rewrites the table between the markers
//   node scripts/api-endpoints.mjs --check  exits 1 when the table is not what the server serves (CI)
//
// The server is built in this process exactly as the API tests build it (buildApp on an in-memory
// PGlite, no web folder, no network) and asked for app.swagger(). Each route's method, path and tag
// come from it; "Served by" is the route file that spells the path; the Notes cell is the one part
// written by hand, kept by its "METHOD path" when the table is made again. A route that is gone
// loses its row and its note; a new one gets a row with an empty note to fill in.
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { tsImport } from "tsx/esm/api";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const docFile = path.join(repoRoot, "docs/architecture.md");
const startMarker = "<!-- endpoints:start -->";
const endMarker = "<!-- endpoints:end -->";

// One table per tag, in this order, with who may call the tag's routes. A tag missing here still
// gets its table (after these), so a new tag cannot hide its routes.
const tagGroups = [
  { tag: "public", title: "Public", who: "anyone" },
  { tag: "setup", title: "First admin", who: "anyone" },
  { tag: "account", title: "Account", who: "anyone with the link of a security e-mail" },
  { tag: "auth", title: "Auth (our routes in front of better-auth)", who: "anyone, unless the note says otherwise" },
  { tag: "customer", title: "Customer", who: "signed in (`requireUser`); every admin is also a customer" },
  { tag: "admin", title: "Admin", who: "an admin (`requireAdmin`); a super admin where the note says so" },
];

const httpMethods = ["get", "put", "post", "patch", "delete", "head", "options"];

/** Builds the app as tests/support/test-app.ts does, and returns its OpenAPI document. */
async function readOpenApi() {
  const load = (file) => tsImport(path.join(repoRoot, file), import.meta.url);
  const [{ buildApp }, { loadConfig }, { openDatabase }] = await Promise.all([
    load("src/server/app.ts"),
    load("src/server/config.ts"),
    load("src/server/db/client.ts"),
  ]);
  const dataDir = await mkdtemp(path.join(tmpdir(), "nexapay-endpoints-"));
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PUBLIC_URL: "http://localhost:3000",
      AUTH_SECRET: randomBytes(32).toString("hex"),
      LOG_LEVEL: "silent",
      NODE_ENV: "test",
    });
    const database = await openDatabase({ kind: "pglite", dataDir: null });
    const { app } = await buildApp({ config, database, logger: false, webDir: null });
    try {
      await app.ready();
      return app.swagger();
    } finally {
      await app.close();
      await database.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** OpenAPI's `{id}` back to Fastify's `:id`, as the route files and the docs write it. */
function fastifyPath(openApiPath) {
  return openApiPath.replace(/\{([^}]+)\}/g, ":$1");
}

function endpointsOf(document) {
  const endpoints = [];
  for (const [openApiPath, operations] of Object.entries(document.paths ?? {})) {
    for (const method of httpMethods) {
      const operation = operations[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? "untagged";
      endpoints.push({ method: method.toUpperCase(), path: fastifyPath(openApiPath), tag, summary: operation.summary ?? "" });
    }
  }
  return endpoints;
}

async function sourceFiles(folder) {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts"))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
}

/** The server file that writes each path as a string literal ("—" when none or several do). */
async function servingFiles(endpoints) {
  const files = await sourceFiles(path.join(repoRoot, "src/server"));
  const texts = await Promise.all(files.map(async (file) => ({ file, text: await readFile(file, "utf8") })));
  const servedBy = new Map();
  for (const { path: routePath } of endpoints) {
    const spellers = texts.filter(({ text }) => ['"', "'", "`"].some((quote) => text.includes(`${quote}${routePath}${quote}`)));
    // app.ts also names paths it treats specially (throttles, the origin check): a route file that
    // spells the path wins over it.
    const choices = [
      spellers.filter(({ file }) => file.endsWith("-routes.ts")),
      spellers.filter(({ file }) => !file.endsWith(`${path.sep}app.ts`)),
      spellers,
    ];
    const chosen = choices.find((files) => files.length === 1)?.[0];
    servedBy.set(routePath, chosen ? path.relative(repoRoot, chosen.file) : null);
  }
  return servedBy;
}

const rowKey = (method, routePath) => `${method} ${routePath}`;

/** The hand-written Notes cells of the table now in the doc, by "METHOD path". */
function notesNow(block) {
  const notes = new Map();
  for (const line of block.split("\n")) {
    const cells = tableCells(line);
    const endpoint = cells?.[0]?.match(/^`([A-Z]+) (\S+)`$/);
    if (endpoint) notes.set(rowKey(endpoint[1], endpoint[2]), cells[cells.length - 1]);
  }
  return notes;
}

/** The cells of a Markdown table row, `\|` kept inside its cell; null for any other line. */
function tableCells(line) {
  if (!line.startsWith("| ") || !line.endsWith(" |")) return null;
  return line
    .slice(2, -2)
    .split(/ (?<!\\)\| /)
    .map((cell) => cell.trim());
}

function renderTables(endpoints, servedBy, notes) {
  const knownTags = tagGroups.map((group) => group.tag);
  const otherTags = [...new Set(endpoints.map((endpoint) => endpoint.tag))].filter((tag) => !knownTags.includes(tag));
  const groups = [...tagGroups, ...otherTags.map((tag) => ({ tag, title: tag, who: "not described yet" }))];
  const parts = [
    "Made by `node scripts/api-endpoints.mjs` from the server's OpenAPI document; only the Notes are written by hand",
    "(a row's note is kept by its method and path). CI runs it with `--check`.",
  ];
  for (const group of groups) {
    const rows = endpoints.filter((endpoint) => endpoint.tag === group.tag);
    if (rows.length === 0) continue;
    parts.push("", `**${group.title}** (tag \`${group.tag}\`; who: ${group.who})`, "");
    parts.push("| Endpoint | Served by | Notes |", "|---|---|---|");
    for (const row of rows) {
      const key = rowKey(row.method, row.path);
      const file = servedBy.get(row.path);
      const note = notes.get(key) || row.summary;
      parts.push(`| \`${key}\` | ${file ? `\`${file}\`` : "—"} | ${note} |`);
    }
  }
  return parts.join("\n");
}

function splitDoc(text) {
  const start = text.indexOf(startMarker);
  const end = text.indexOf(endMarker);
  if (start < 0 || end < start) throw new Error(`${path.relative(repoRoot, docFile)}: no ${startMarker} … ${endMarker} markers`);
  return { before: text.slice(0, start + startMarker.length), block: text.slice(start + startMarker.length, end), after: text.slice(end) };
}

async function main() {
  const check = process.argv.includes("--check");
  const text = await readFile(docFile, "utf8");
  const { before, block, after } = splitDoc(text);
  const endpoints = endpointsOf(await readOpenApi());
  const tables = renderTables(endpoints, await servingFiles(endpoints), notesNow(block));
  const wanted = `${before}\n${tables}\n${after}`;
  if (wanted === text) return;
  if (check) {
    console.error(
      `${path.relative(repoRoot, docFile)}: the endpoint table is not what the server serves; run node scripts/api-endpoints.mjs`,
    );
    process.exitCode = 1;
    return;
  }
  await writeFile(docFile, wanted);
  console.log(`${path.relative(repoRoot, docFile)}: endpoint table written (${endpoints.length} endpoints)`);
}

await main();
