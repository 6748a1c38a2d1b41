/** Lower case, accents removed, so "Café" is found by "cafe". */
function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/**
 * True when every word of the query occurs in at least one of the fields, in any order and case.
 * An empty query matches everything.
 */
export function matchesQuery(query: string, fields: readonly string[]): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fields.map(fold).join("\n");
  return words.every((word) => haystack.includes(word));
}
