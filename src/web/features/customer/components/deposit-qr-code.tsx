import QRCode from "qrcode";
import { useMemo } from "react";
import { cn } from "@/lib/class-names.ts";

const quietZoneModules = 2;

/**
 * A QR code of `value`, drawn in the browser as SVG: the address never leaves the page for a QR
 * service, and the image stays sharp at any size. Error correction M survives a smudged screen.
 */
export function DepositQrCode({ value, label, className }: { value: string; label: string; className?: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = QRCode.create(value, { errorCorrectionLevel: "M" });
    let d = "";
    for (let row = 0; row < modules.size; row += 1) {
      for (let col = 0; col < modules.size; col += 1) {
        if (modules.get(row, col)) d += `M${col + quietZoneModules} ${row + quietZoneModules}h1v1h-1z`;
      }
    }
    return { size: modules.size + quietZoneModules * 2, path: d };
  }, [value]);

  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={cn("size-44 rounded-lg bg-white", className)}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#0f172a" />
    </svg>
  );
}
