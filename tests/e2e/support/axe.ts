import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { untilAnimationsSettle } from "./settled.ts";

/**
 * axe's serious and critical findings on the page as it is drawn now, one line each ("rule: help
 * (elements)"), for `expect(…).toEqual([])`.
 *
 * A toast is held still while axe looks: the pointer rests on it, which pauses sonner's dismissal
 * timer. Otherwise a toast whose four seconds run out during the analysis fades out under axe,
 * and a half-transparent toast reads as low contrast (CI saw exactly that on a receipt). The toast
 * is still checked; it just cannot start leaving halfway through. The pointer moves off afterwards
 * so the toast goes on to close by itself.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const heldToast = await page.evaluate(() => {
    const toast = document.querySelector('[data-sonner-toast]:not([data-removed="true"])');
    if (!toast) return null;
    const box = toast.getBoundingClientRect();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  });
  if (heldToast) await page.mouse.move(heldToast.x, heldToast.y);
  await untilAnimationsSettle(page);
  const results = await new AxeBuilder({ page }).analyze();
  if (heldToast) await page.mouse.move(0, 0);
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}
