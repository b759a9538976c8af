/**
 * @module
 * The otpauth:// link of a new TOTP key as a QR code an authenticator app can scan: an SVG data
 * URL for an `<img>` (the site's CSP allows `data:` images; no script or inline style needed).
 */
import encodeQR from "qr";

/**
 * The quiet zone around the symbol, in modules: ISO/IEC 18004 asks for 4, and phone cameras
 * find the finder patterns less reliably with less.
 */
const quietZoneModules = 4;

/** An SVG data URL of `text` as a QR code: dark modules on an opaque white square. */
export function toQrCodeDataUrl(text: string): string {
  // Medium error correction: enough for a slightly blurred phone camera, and the symbol of an
  // otpauth link stays small.
  const svg = encodeQR(text, "svg", { ecc: "medium", border: quietZoneModules });
  // The page's background may be dark or transparent, and scanners need dark on light; crisp
  // edges keep scaled modules from blurring into each other.
  const ready = svg.replace(
    /^<svg([^>]*)>/,
    '<svg shape-rendering="crispEdges"$1><rect width="100%" height="100%" fill="#fff"/>',
  );
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(ready)}`;
}
