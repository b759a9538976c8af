/**
 * Stripe's webhook signatures: the `Stripe-Signature` header is `t={unix seconds},v1={hex}[,v1=…]`,
 * where each `v1` is HMAC-SHA256 of `{t}.{raw body}` keyed with the endpoint's signing secret (more
 * than one while a secret is rolled). A delivery is accepted when one `v1` matches, compared in
 * constant time, and `t` is within the tolerance of now (Stripe's libraries default to 300 s), so a
 * captured delivery cannot be replayed later.
 * @module
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** Stripe's default tolerance in its libraries. */
export const stripeSignatureToleranceSeconds = 300;

export function computeStripeSignature(secret: string, timestamp: number, payload: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
}

/** The header Stripe would send for this payload (tests and local tooling). */
export function stripeSignatureHeader(secret: string, timestamp: number, payload: string): string {
  return `t=${timestamp},v1=${computeStripeSignature(secret, timestamp, payload)}`;
}

/** Why a delivery was refused; null when it is genuine and fresh. */
export function checkStripeSignature(options: {
  header: string | undefined;
  payload: string;
  secret: string;
  now: Date;
  toleranceSeconds?: number;
}): string | null {
  if (!options.header) return "the Stripe-Signature header is missing";
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of options.header.split(",")) {
    const at = part.indexOf("=");
    if (at <= 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === "t" && /^\d+$/.test(value)) timestamp = Number(value);
    if (key === "v1") signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0) {
    return "the Stripe-Signature header has no timestamp (t=) or no v1 signature";
  }
  const tolerance = options.toleranceSeconds ?? stripeSignatureToleranceSeconds;
  const ageSeconds = Math.abs(options.now.getTime() / 1000 - timestamp);
  if (ageSeconds > tolerance) {
    return `the signature timestamp is outside the tolerance of ${tolerance} seconds`;
  }
  const expected = Buffer.from(
    computeStripeSignature(options.secret, timestamp, options.payload),
    "hex",
  );
  const matches = signatures.some((signature) => {
    if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
    return timingSafeEqual(Buffer.from(signature, "hex"), expected);
  });
  return matches ? null : "no v1 signature matches the payload and the signing secret";
}
