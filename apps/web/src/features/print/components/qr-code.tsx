import QRCode from 'qrcode';
import { useMemo } from 'react';

/** Light modules kept around the code, as the QR standard asks, so scanners find its edges. */
export const QR_QUIET_ZONE = 4;

/**
 * A QR code of `text` as one SVG path in module units: each run of dark modules in a row is a
 * rectangle `M x y h n v 1 h -n z`, the quiet zone included in the coordinates. A path rather than
 * a picture stays sharp at any print resolution.
 */
export function qrCodePath(text: string): { size: number; d: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    let column = 0;
    while (column < modules.size) {
      if (!modules.get(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < modules.size && modules.get(row, column)) column += 1;
      const run = column - start;
      parts.push(`M${start + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE}h${run}v1h-${run}z`);
    }
  }
  return { size: modules.size + 2 * QR_QUIET_ZONE, d: parts.join('') };
}

/** A QR code drawn as SVG, black on white whatever the screen's colour scheme. */
export function QrCode({ text, label, sizeMm }: { text: string; label: string; sizeMm: number }) {
  const { size, d } = useMemo(() => qrCodePath(text), [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      width={`${sizeMm}mm`}
      height={`${sizeMm}mm`}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
