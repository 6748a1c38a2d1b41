import type { Page } from "@playwright/test";

/**
 * Waits until every finite CSS animation and transition on the page has ended (a dialog fading in,
 * a progress bar growing, a freshly shown button): axe measures colour contrast from the colours
 * drawn at that instant, and a half-faded element reads as low contrast. Endless ones (spinners)
 * are not waited for.
 */
export async function untilAnimationsSettle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
