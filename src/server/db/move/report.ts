// The move's report as text: one line per table (rows in the source, copied, in the target), then
// the sequences, the recorded migrations and the ledger check, and the verdict.
import type { MoveReport } from "./move.ts";

export function formatMoveReport(report: MoveReport): string {
  const header = ["table", "source", "copied", "target", "ms", ""];
  const rows = report.tables.map((t) => [
    t.name,
    String(t.source),
    String(t.copied),
    String(t.target),
    String(t.ms),
    t.source === t.copied && t.copied === t.target ? "ok" : "DIFFERS",
  ]);
  const total = (pick: (t: MoveReport["tables"][number]) => number) => String(report.tables.reduce((sum, t) => sum + pick(t), 0));
  rows.push(["(all tables)", total((t) => t.source), total((t) => t.copied), total((t) => t.target), total((t) => t.ms), ""]);
  const widths = header.map((_, i) => Math.max(header[i]!.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join("  ")
      .trimEnd();
  const drawn = report.sequences.filter((s) => s.value !== null);
  const { migrations } = report;
  return [
    `db:move: ${report.source} → ${report.target}`,
    "",
    line(header),
    ...rows.map(line),
    "",
    `sequences: ${report.sequences.length} (${drawn.map((s) => `${s.sequence} = ${s.value}`).join(", ") || "none drawn yet"})`,
    `triggers kept quiet during the copy: ${report.quietTriggers}`,
    `migrations recorded: ${migrations.source} in the source, ${migrations.target} in the target, ${migrations.same ? "the same" : "DIFFERENT"}` +
      (migrations.otherHashes > 0 ? ` (${migrations.otherHashes} with another file hash: edited after the source applied them)` : ""),
    report.ledgerBreaches.length === 0
      ? "ledger check on the target: clean"
      : `ledger check on the target: ${report.ledgerBreaches.length} breaches\n${report.ledgerBreaches.map((b) => `  BREACH ${b.rule}: ${JSON.stringify(b.detail)}`).join("\n")}`,
    `took ${report.seconds.toFixed(1)} s`,
    "",
    report.ok
      ? "Done: every table has the same rows in the target. Set DATABASE_URL to the target, keep DATA_DIR, and start the server."
      : "NOT DONE: the target differs from the source (see above). Do not start on it; keep running on the embedded database.",
  ].join("\n");
}
