// Keeps the documentation true to the repository (decision 050). Reads README.md, docs/**/*.md and
// every README.md under src/, tests/, bench/ and scripts/, and prints one "file:line: problem" line
// for each of these, exiting 1 if there is any:
//   - a Markdown link to a local file or folder that does not exist, or to a heading (#anchor) that
//     the target Markdown file does not have;
//   - a path written in backticks that names no file or folder (how a path is read: pathProblem);
//   - a decision cited by number ("decision 040", "decisions 042–047", docs/decisions/024) that has
//     no record in docs/decisions/;
//   - a file beside a listing README (listingReadme below) that the README does not name;
//   - a decision record whose first lines are not "# NNN. Title", a blank line, "Date: YYYY-MM-DD ·
//     Status: …" (docs/decisions/README.md), or whose status names a superseding record that does
//     not exist.
// Plain Node, no network, no dependencies: it runs in CI before anything is built.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const decisionsFolder = "docs/decisions";
const readmeRoots = ["src", "tests", "bench", "scripts"];
// A path in backticks is checked when it starts with one of these folders, ends with one of these
// extensions, or ends with "/" (a folder).
const rootedPrefixes = ["src/", "tests/", "docs/", "scripts/", "bench/", ".ci/"];
// Names the conventions forbid, which the docs name to say so ("no barrel `index.ts`").
const forbiddenNames = new Set(["index.ts", "utils.ts"]);
const fileExtensions = [
  "ts",
  "tsx",
  "mts",
  "mjs",
  "js",
  "cjs",
  "json",
  "md",
  "sql",
  "css",
  "html",
  "po",
  "txt",
  "yml",
  "yaml",
  "sh",
  "eml",
];

/** Every file the repository holds or will hold (tracked, or new and not ignored). */
function repositoryFiles() {
  const output = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], { cwd: repoRoot, encoding: "utf8" });
  return output.split("\0").filter((file) => file && existsSync(path.join(repoRoot, file)));
}

/** Whether git ignores a path (asked only for paths that are missing, so rarely). */
function gitIgnores(file) {
  if (file.startsWith("../")) return false;
  try {
    execFileSync("git", ["check-ignore", "--quiet", "--no-index", file], { cwd: repoRoot, stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

function docsToCheck(files) {
  const isReadme = (file) => path.posix.basename(file) === "README.md";
  return files
    .filter(
      (file) =>
        file === "README.md" ||
        (file.startsWith("docs/") && file.endsWith(".md")) ||
        (isReadme(file) && readmeRoots.some((root) => file.startsWith(`${root}/`))),
    )
    .sort();
}

/** Lines outside fenced code blocks, with their 1-based numbers (examples are not claims). */
function proseLines(text) {
  const lines = [];
  let fenced = false;
  text.split("\n").forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    else if (!fenced) lines.push({ line, number: index + 1 });
  });
  return lines;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function headingSlug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

const anchorCache = new Map();

/** The anchors a Markdown file's headings make, with GitHub's -1, -2 for repeated ones. */
function anchorsOf(file) {
  if (anchorCache.has(file)) return anchorCache.get(file);
  const anchors = new Set();
  const seen = new Map();
  for (const { line } of proseLines(readFileSync(path.join(repoRoot, file), "utf8"))) {
    const heading = line.match(/^#{1,6}\s+(.*?)\s*#*\s*$/);
    if (!heading) continue;
    const slug = headingSlug(heading[1]);
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  anchorCache.set(file, anchors);
  return anchors;
}

const withoutCodeSpans = (line) => line.replace(/`[^`]*`/g, "``");

function linkTargets(line) {
  const text = withoutCodeSpans(line);
  const inline = [...text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]);
  const reference = text.match(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/);
  return reference ? [...inline, reference[1]] : inline;
}

/** What is wrong with one link of `doc`, or null. */
function linkProblem(doc, target) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) return null;
  const [rawPath, anchor] = target.split("#", 2);
  const linkPath = decodeURIComponent(rawPath ?? "");
  const file = linkPath === "" ? doc : path.posix.normalize(path.posix.join(path.posix.dirname(doc), linkPath));
  if (file.startsWith("../") || !existsSync(path.join(repoRoot, file))) return `link to ${target}: no such file or folder`;
  if (anchor && file.endsWith(".md") && !anchorsOf(file).has(anchor.toLowerCase()))
    return `link to ${target}: ${file} has no heading #${anchor}`;
  return null;
}

function looksLikePath(span) {
  // ".eml" is an extension, not a file; capitals are placeholders (`NNN-title.md`, `DIR/windows.json`).
  if (/^\.[a-z]+$/.test(span) || /(^|\/)[A-Z]{2,}[/-]/.test(span) || forbiddenNames.has(span)) return false;
  if (/[\s<>*{}$|?[\]"'=,;()@]/.test(span) || span.startsWith("/") || span.startsWith("#") || span.startsWith("-")) return false;
  if (!/^[\w.][\w./-]*$/.test(span) || /^\.+\/?$/.test(span)) return false;
  const extension = span.match(/\.([a-z]+)$/)?.[1];
  return (
    rootedPrefixes.some((prefix) => span.startsWith(prefix)) ||
    span.endsWith("/") ||
    (extension !== undefined && fileExtensions.includes(extension))
  );
}

/**
 * A path in backticks is looked for, in order: beside the doc (a folder README names its own files:
 * `db/` in src/server/README.md), then from the repository's root. A path that is neither and that
 * does not start with a top folder is read as part of a longer one (the docs write `move/` or
 * `http/errors.ts` inside a table about src/server): it must end some path of the repository.
 */
function pathProblem(doc, span, index) {
  const wanted = span.replace(/:\d+(-\d+)?$/, "").replace(/\/$/, "");
  const candidates = [path.posix.join(path.posix.dirname(doc), wanted), wanted];
  if (candidates.some((candidate) => index.paths.has(path.posix.normalize(candidate)))) return null;
  if (!rootedPrefixes.some((prefix) => span.startsWith(prefix)) && index.endsWith(wanted)) return null;
  // A path git ignores is made by running something (dist/, a bench's results/): it need not exist.
  const ignored = (candidate) => index.isIgnored(candidate) || index.isIgnored(`${candidate}/`);
  if (candidates.some((candidate) => ignored(path.posix.normalize(candidate)))) return null;
  return `\`${span}\`: no such file or folder`;
}

function pathIndex(files) {
  const paths = new Set();
  for (const file of files) {
    const parts = file.split("/");
    for (let length = 1; length <= parts.length; length += 1) paths.add(parts.slice(0, length).join("/"));
  }
  const all = [...paths];
  return { paths, endsWith: (tail) => all.some((known) => known === tail || known.endsWith(`/${tail}`)), isIgnored: gitIgnores };
}

/** Decision numbers a line cites: "decision 040", "decisions 042–047" (each of the range), "decisions 024, 032 and 038", docs/decisions/024. */
function citedDecisions(line) {
  const numbers = [];
  for (const match of line.matchAll(/\bdecisions?\s+(\d{3}(?:(?:\s*[–—-]\s*|\s*,\s*|\s+and\s+|\s+or\s+)\d{3})*)/gi)) {
    for (const range of match[1].matchAll(/(\d{3})(?:\s*[–—-]\s*(\d{3}))?/g)) {
      const first = Number(range[1]);
      const last = range[2] ? Number(range[2]) : first;
      for (let number = first; number <= last && number - first < 100; number += 1) numbers.push(number);
    }
  }
  for (const match of line.matchAll(/docs\/decisions\/(\d{3})/g)) numbers.push(Number(match[1]));
  return numbers;
}

function decisionRecords(files) {
  const records = new Map();
  for (const file of files) {
    const match = file.match(/^docs\/decisions\/(\d{3})-[^/]+\.md$/);
    if (match) records.set(Number(match[1]), [...(records.get(Number(match[1])) ?? []), file]);
  }
  return records;
}

const threeDigits = (number) => String(number).padStart(3, "0");

// A decision record is dated: it names files as they were when it was taken (a later split does not
// rewrite it), so its paths in backticks are not checked; its links and citations are.
const isDecisionRecord = (doc) => /^docs\/decisions\/\d{3}-/.test(doc);

function checkDoc(doc, context, report) {
  const checksPaths = !isDecisionRecord(doc);
  for (const { line, number } of proseLines(readFileSync(path.join(repoRoot, doc), "utf8"))) {
    for (const target of linkTargets(line)) {
      const problem = linkProblem(doc, target);
      if (problem) report(doc, number, problem);
    }
    for (const match of line.matchAll(/`([^`\n]+)`/g)) {
      const span = match[1].trim();
      const problem = checksPaths && looksLikePath(span) ? pathProblem(doc, span, context.index) : null;
      if (problem) report(doc, number, problem);
    }
    for (const cited of new Set(citedDecisions(line))) {
      if (!context.records.has(cited))
        report(doc, number, `decision ${threeDigits(cited)} is cited but ${decisionsFolder}/ has no ${threeDigits(cited)}-*.md`);
    }
  }
}

/** The one header of docs/decisions/README.md, and a superseding record that exists. */
function checkDecisionHeader(file, records, report) {
  const number = file.match(/\/(\d{3})-/)[1];
  const [title = "", blank = "", dateLine = ""] = readFileSync(path.join(repoRoot, file), "utf8").split("\n");
  if (!new RegExp(`^# ${number}\\. \\S`).test(title)) report(file, 1, `the first line must be "# ${number}. Title"`);
  if (blank.trim() !== "") report(file, 2, "the second line must be blank");
  if (!/^Date: \d{4}-\d{2}-\d{2} · Status: \S/.test(dateLine)) report(file, 3, 'the third line must be "Date: YYYY-MM-DD · Status: …"');
  for (const match of dateLine.matchAll(/superseded by (?:decision )?(\d{3})/gi)) {
    if (!records.has(Number(match[1]))) report(file, 3, `superseded by ${match[1]}, which has no record`);
  }
}

function checkDecisionRecords(records, report) {
  for (const [number, files] of records) {
    if (files.length > 1) report(files[1], 1, `decision ${threeDigits(number)} has ${files.length} records: ${files.join(", ")}`);
    for (const file of files) checkDecisionHeader(file, records, report);
  }
}

// The folders whose README lists its files, one line each: a domain of the server, a feature of the
// web app, src/shared and scripts. A file added to one of them without its line fails the check, as a line for a file that
// is gone does.
const listingReadme = /^(scripts|src\/shared|src\/server\/[^/]+|src\/web\/features\/[^/]+)\/README\.md$/;
const isListedFile = (name) => !/\.test\.tsx?$/.test(name) && name !== "README.md";

/** Each file and folder beside a listing README must be named in it, in backticks. */
function checkListingReadme(readme, files, report) {
  const folder = path.posix.dirname(readme);
  const text = readFileSync(path.join(repoRoot, readme), "utf8");
  const named = new Set([...text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1].trim().replace(/\/$/, "")));
  const children = new Set();
  for (const file of files) {
    if (!file.startsWith(`${folder}/`)) continue;
    const [child, ...rest] = file.slice(folder.length + 1).split("/");
    if (rest.length > 0 || isListedFile(child)) children.add(child);
  }
  for (const child of [...children].sort()) {
    if (!named.has(child)) report(readme, 1, `\`${child}\` is in ${folder}/ but this README does not name it`);
  }
}

function main() {
  const files = repositoryFiles();
  const context = { index: pathIndex(files), records: decisionRecords(files) };
  const problems = [];
  const report = (file, line, message) => problems.push(`${file}:${line}: ${message}`);
  const docs = docsToCheck(files);
  for (const doc of docs) checkDoc(doc, context, report);
  for (const readme of docs.filter((doc) => listingReadme.test(doc))) checkListingReadme(readme, files, report);
  checkDecisionRecords(context.records, report);
  for (const problem of problems) console.log(problem);
  if (problems.length > 0) {
    console.error(`check-docs: ${problems.length} problem(s) in ${docs.length} documents`);
    process.exitCode = 1;
  }
}

main();
