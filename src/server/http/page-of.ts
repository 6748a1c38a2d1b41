// Every paged list endpoint answers the same shape (docs/architecture.md, HTTP API): what the list
// query found (the rows of the page, the total, and any list-specific figures) plus the page and
// page size that were asked for.

/** Awaits one page of a list and answers it with the page it was asked for. */
export async function pageOf<Found extends object>(
  query: { page: number; pageSize: number },
  found: Promise<Found>,
): Promise<Found & { page: number; pageSize: number }> {
  return { ...(await found), page: query.page, pageSize: query.pageSize };
}
