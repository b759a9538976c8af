/**
 * The QR code of a TOTP key scans: the SVG is drawn here module by module (its path of squares
 * filled even-odd at each module's centre), scaled up as a screen would, and read back with the
 * `qr` package's decoder, which knows nothing of how the SVG was made.
 */
import decodeQR from "qr/decode.js";
import { describe, expect, it } from "vitest";
import { toQrCodeDataUrl } from "./totp-qr-code";

/** The closed polygons of an SVG path made of M/m/H/h/V/v/Z commands (what the encoder draws). */
function polygonsOf(path: string): [number, number][][] {
  const polygons: [number, number][][] = [];
  let current: [number, number][] = [];
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  for (const [, command, args] of path.matchAll(/([MmHhVvZz])([^MmHhVvZz]*)/g)) {
    const numbers = (args ?? "")
      .trim()
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    switch (command) {
      case "M":
      case "m": {
        if (current.length > 0) polygons.push(current);
        x = command === "M" ? (numbers[0] ?? 0) : x + (numbers[0] ?? 0);
        y = command === "M" ? (numbers[1] ?? 0) : y + (numbers[1] ?? 0);
        [startX, startY] = [x, y];
        current = [[x, y]];
        break;
      }
      case "H":
      case "h":
        x = command === "H" ? (numbers[0] ?? 0) : x + (numbers[0] ?? 0);
        current.push([x, y]);
        break;
      case "V":
      case "v":
        y = command === "V" ? (numbers[0] ?? 0) : y + (numbers[0] ?? 0);
        current.push([x, y]);
        break;
      default:
        // Z: back to the subpath's start, where a relative move continues from.
        [x, y] = [startX, startY];
        polygons.push(current);
        current = [];
    }
  }
  if (current.length > 0) polygons.push(current);
  return polygons;
}

function isInside(polygons: [number, number][][], px: number, py: number): boolean {
  let crossings = 0;
  for (const polygon of polygons) {
    for (let index = 0; index < polygon.length; index++) {
      const [x1, y1] = polygon[index] ?? [0, 0];
      const [x2, y2] = polygon[(index + 1) % polygon.length] ?? [0, 0];
      if (y1 > py !== y2 > py && px < x1 + ((py - y1) * (x2 - x1)) / (y2 - y1)) crossings++;
    }
  }
  return crossings % 2 === 1;
}

/** Draws the data URL's SVG as RGBA pixels, `scale` pixels per module. */
function rasterize(dataUrl: string, scale: number) {
  const svg = decodeURIComponent(dataUrl.slice(dataUrl.indexOf(",") + 1));
  const [, width = "0", height = "0"] = svg.match(/viewBox="0 0 (\d+) (\d+)"/) ?? [];
  const modules = { width: Number(width), height: Number(height) };
  const polygons = [...svg.matchAll(/<path[^>]* d="([^"]+)"/g)].flatMap(([, d]) =>
    polygonsOf(d ?? ""),
  );
  const image = {
    width: modules.width * scale,
    height: modules.height * scale,
    data: new Uint8Array(modules.width * scale * modules.height * scale * 4),
  };
  for (let my = 0; my < modules.height; my++) {
    for (let mx = 0; mx < modules.width; mx++) {
      const shade = isInside(polygons, mx + 0.5, my + 0.5) ? 0 : 255;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const offset = ((my * scale + dy) * image.width + mx * scale + dx) * 4;
          image.data.set([shade, shade, shade, 255], offset);
        }
      }
    }
  }
  return { svg, image };
}

describe("toQrCodeDataUrl", () => {
  const uri =
    "otpauth://totp/Balkan%20Heritage%20site:forgetful.admin%40example.org?secret=MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43UOV3HO6DZPIZDGNBVGY3Q&issuer=Balkan%20Heritage%20site&algorithm=SHA1&digits=6&period=30";

  it("is an SVG image whose QR code reads back as the otpauth link", () => {
    const dataUrl = toQrCodeDataUrl(uri);
    expect(dataUrl.startsWith("data:image/svg+xml;charset=utf-8,")).toBe(true);
    const { svg, image } = rasterize(dataUrl, 4);
    expect(svg).toContain('<rect width="100%" height="100%" fill="#fff"/>');
    expect(decodeQR(image)).toBe(uri);
  });

  it("keeps a quiet zone of four light modules on every side", () => {
    const { image } = rasterize(toQrCodeDataUrl(uri), 1);
    const isDark = (x: number, y: number) => image.data[(y * image.width + x) * 4] === 0;
    for (let edge = 0; edge < 4; edge++) {
      for (let along = 0; along < image.width; along++) {
        expect(isDark(along, edge) || isDark(edge, along)).toBe(false);
        expect(
          isDark(along, image.height - 1 - edge) || isDark(image.width - 1 - edge, along),
        ).toBe(false);
      }
    }
    // The finder pattern's corner module sits right inside the quiet zone.
    expect(isDark(4, 4)).toBe(true);
  });
});
