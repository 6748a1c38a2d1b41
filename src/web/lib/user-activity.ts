// How long since this person last touched the page. Every API request reports it (header
// x-idle-ms) so the server can end an admin session after 15 minutes without a human at the
// keyboard, even while an open dashboard keeps polling (PCI DSS 8.2.8).
let lastInputAt = Date.now();
let tracking = false;

function markActive(): void {
  lastInputAt = Date.now();
}

export function startTrackingActivity(): void {
  if (tracking || typeof window === "undefined") return;
  tracking = true;
  for (const event of ["pointerdown", "keydown", "wheel", "touchstart"] as const) {
    window.addEventListener(event, markActive, { passive: true, capture: true });
  }
}

export function idleMs(): number {
  return Math.max(0, Date.now() - lastInputAt);
}
