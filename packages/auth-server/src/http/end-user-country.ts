/**
 * The sign-up country of a request, read as the reference reads it (its `end-users.tsx`): only a
 * request that claims to come from a browser (`Mozilla`, `Chrome` or `Safari` in its user agent)
 * and names a valid client IP in a proxy header (`x-real-ip`, `x-forwarded-for`,
 * `x-vercel-forwarded-for`, `cf-connecting-ip`) has one, taken from `x-vercel-ip-country`, else
 * `cf-ipcountry`, as a two-letter code. The headers can be spoofed: the value is a best-effort fact
 * for the user's `country_code` at sign-up, never used for a decision.
 * @module
 */
import { isIP } from "node:net";
import type { Context } from "hono";

const browserMarkers = ["Mozilla", "Chrome", "Safari"];

function headerIp(c: Context): string | null {
  const candidates = [
    c.req.header("x-real-ip"),
    c.req.header("x-forwarded-for")?.split(",").at(0),
    c.req.header("x-vercel-forwarded-for"),
    c.req.header("cf-connecting-ip"),
  ];
  const ip = candidates.find((value) => value !== undefined)?.trim();
  return ip && isIP(ip) !== 0 ? ip : null;
}

/** The request's geo country (`CA`), or null when it has none or an invalid one. */
export function getEndUserCountryCode(c: Context): string | null {
  const userAgent = c.req.header("user-agent") ?? "";
  if (!browserMarkers.some((marker) => userAgent.includes(marker))) return null;
  if (!headerIp(c)) return null;
  const raw = c.req.header("x-vercel-ip-country") || c.req.header("cf-ipcountry");
  const code = raw?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) ? code : null;
}
