// PostgreSQL answers a broken unique constraint with SQLSTATE 23505. Drivers and libraries wrap it
// (Drizzle puts the driver's error in `cause`), so look one level down as well.
export function isUniqueViolation(error: unknown): boolean {
  if (error === null || typeof error !== "object") return false;
  const { code, cause } = error as { code?: unknown; cause?: { code?: unknown } };
  return code === "23505" || cause?.code === "23505";
}
