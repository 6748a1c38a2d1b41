// Contains-searches with LIKE: what the user typed is matched as text, never as a pattern.

/** Escapes LIKE's wildcards so a search for "50%" looks for those characters. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * search_text is stored lower-cased, so a lower-cased pattern and LIKE find what ILIKE would, with
 * less work per row (case-insensitive comparison folds every character of every row it reads).
 */
export const lowerLikePattern = (q: string) => likePattern(q.toLowerCase());
