/**
 * The client's IP address for rate limiting: the TCP peer (from @hono/node-server's `incoming`), or,
 * only behind a trusted proxy, the last `x-forwarded-for` entry (the one that proxy appended; earlier
 * entries are whatever the client sent and cannot be trusted).
 * @module
 */
import type { Context } from "hono";

function peerAddress(env: unknown): string | null {
  if (typeof env !== "object" || env === null) return null;
  const incoming = (env as { incoming?: { socket?: { remoteAddress?: unknown } } }).incoming;
  const address = incoming?.socket?.remoteAddress;
  return typeof address === "string" ? address : null;
}

export function getClientIp(c: Context, trustProxy: boolean): string | null {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for");
    const last = forwarded?.split(",").at(-1)?.trim();
    if (last) return last;
  }
  return peerAddress(c.env);
}
