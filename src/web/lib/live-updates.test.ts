// How a change event refetches what a screen shows, on a real TanStack QueryClient: a fetch under
// way is neither joined (its answer may predate the change) nor cancelled (a flood of changes
// would starve it); it finishes and is sent once more.
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, expect, test } from "vitest";
import { followChanges } from "./live-updates.ts";

const clients: QueryClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.clear();
});

/** A shown query whose every fetch waits until the test answers it. */
function shownQuery() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clients.push(queryClient);
  const answers: ((status: string) => void)[] = [];
  const cancelled: number[] = [];
  const observer = new QueryObserver(queryClient, {
    queryKey: ["transactions", "one", "t1"],
    queryFn: ({ signal }) =>
      new Promise<string>((resolve) => {
        const n = answers.length;
        signal.addEventListener("abort", () => cancelled.push(n));
        answers.push(resolve);
      }),
  });
  observer.subscribe(() => {}); // shown: an invalidation refetches it
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { queryClient, observer, answers, cancelled, settled };
}

test("a change during a query's first fetch sends it once more when it lands: the first answer may be from before the change", async () => {
  const { queryClient, observer, answers, cancelled, settled } = shownQuery();
  const { changed, stop } = followChanges(queryClient);
  await settled();
  expect(answers).toHaveLength(1);

  changed(["transactions"]);
  await settled();
  expect(answers).toHaveLength(1); // not joined to a second request while the first is out
  answers[0]!("Pending");
  await settled();
  expect(answers).toHaveLength(2);
  answers[1]!("Completed");
  await settled();
  expect(observer.getCurrentResult().data).toBe("Completed");
  expect(cancelled).toEqual([]);
  stop();
});

test("a flood of changes during a fetch neither cancels it nor sends more than one fetch after it", async () => {
  const { queryClient, observer, answers, cancelled, settled } = shownQuery();
  const { changed, stop } = followChanges(queryClient);
  await settled();
  answers[0]!("Pending");
  await settled();

  changed(["transactions"]); // a shown query with data: refetched
  await settled();
  expect(answers).toHaveLength(2);
  for (let i = 0; i < 100; i += 1) changed(["transactions"]);
  await settled();
  expect(answers).toHaveLength(2);
  answers[1]!("Pending");
  await settled();
  expect(answers).toHaveLength(3);
  answers[2]!("Completed");
  await settled();
  expect(answers).toHaveLength(3);
  expect(observer.getCurrentResult().data).toBe("Completed");
  expect(cancelled).toEqual([]);
  stop();
});

test("a change to another table's keys leaves the query alone; with no key, every query is refetched", async () => {
  const { queryClient, answers, settled } = shownQuery();
  const { changed, stop } = followChanges(queryClient);
  await settled();
  answers[0]!("Pending");
  await settled();
  changed(["sims"]);
  await settled();
  expect(answers).toHaveLength(1);
  changed();
  await settled();
  expect(answers).toHaveLength(2);
  stop();
});
