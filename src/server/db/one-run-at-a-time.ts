// The background jobs that drain a table (the e-mail outbox's sender, the change relay) run one pass
// at a time. A wake-up that comes during a pass cannot join it (what it is about may have committed
// after the pass read the table), so it asks for one more pass right after; any number of wake-ups
// meanwhile ask for just that one.

/**
 * `pass` wrapped so that one runs at a time: `run()` during a pass answers that pass's promise and
 * asks for one more pass after it, unless `stopped()` by then; it answers the sum of the passes'
 * counts. `finished()` waits for the pass under way, if any, whether it succeeds or fails.
 */
export function oneRunAtATime(
  pass: () => Promise<number>,
  stopped: () => boolean,
): { run: () => Promise<number>; finished: () => Promise<void> } {
  let running: Promise<number> | undefined;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await pass();
      } while (again && !stopped());
      return total;
    })().finally(() => {
      running = undefined;
    });
    return running;
  };
  const finished = async () => {
    await running?.catch(() => undefined);
  };
  return { run, finished };
}
