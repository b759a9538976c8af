/**
 * Stripe-Signature checks (issue 8; through the `stripe` package since issue 20) against a signature
 * computed independently here with node:crypto as Stripe documents it: HMAC-SHA256 of
 * `{t}.{raw body}` with the endpoint secret, hex encoded.
 */
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkStripeSignature, stripeSignatureHeader } from "./stripe-signature";

const secret = "whsec_unit_test_secret";
const payload = '{\n  "id": "evt_1",\n  "type": "checkout.session.completed"\n}';
const now = new Date("2026-11-22T12:00:00Z");
const t = Math.floor(now.getTime() / 1000);
const hmac = (key: string, text: string) => createHmac("sha256", key).update(text).digest("hex");

describe("checkStripeSignature", () => {
  it("accepts Stripe's header, including several v1 values while a secret is rolled", () => {
    const signature = hmac(secret, `${t}.${payload}`);
    expect(stripeSignatureHeader(secret, t, payload)).toBe(`t=${t},v1=${signature}`);
    const check = (header: string) => checkStripeSignature({ header, payload, secret, now });
    expect(check(`t=${t},v1=${signature}`)).toBeNull();
    expect(check(`t=${t},v1=${hmac("whsec_old", `${t}.${payload}`)},v1=${signature}`)).toBeNull();
    expect(check(`t=${t},v1=${signature},v0=ignored`)).toBeNull();
  });

  it("names why a header is refused", () => {
    const check = (header: string | undefined, at: Date = now) =>
      checkStripeSignature({ header, payload, secret, now: at });
    const signature = hmac(secret, `${t}.${payload}`);
    expect(check(undefined)).toBe("the Stripe-Signature header is missing");
    expect(check(`v1=${signature}`)).toBe(
      "the Stripe-Signature header has no timestamp (t=) or no v1 signature",
    );
    expect(check(`t=${t},v1=${signature}zz`)).toBe(
      "no v1 signature matches the payload and the signing secret",
    );
    expect(check(`t=${t},v1=${signature.slice(2)}`)).toBe(
      "no v1 signature matches the payload and the signing secret",
    );
    expect(check(`t=${t + 1},v1=${signature}`)).toBe(
      "no v1 signature matches the payload and the signing secret",
    );
    // Stripe sends lower-case hex without spaces; the package compares exactly.
    expect(check(`t=${t},v1=${signature.toUpperCase()}`)).toBe(
      "no v1 signature matches the payload and the signing secret",
    );
    expect(check(`t=${t}, v1=${signature}`)).toBe(
      "the Stripe-Signature header has no timestamp (t=) or no v1 signature",
    );
    expect(check(`t=${t},v1=${signature}`, new Date(now.getTime() - 301_000))).toBe(
      "the signature timestamp is outside the tolerance of 300 seconds",
    );
    expect(check(`t=${t},v1=${signature}`, new Date(now.getTime() + 301_000))).toBe(
      "the signature timestamp is outside the tolerance of 300 seconds",
    );
    expect(check(`t=${t},v1=${signature}`, new Date(now.getTime() + 300_000))).toBeNull();
    expect(check(`t=${t},v1=${signature}`, new Date(now.getTime() - 300_000))).toBeNull();
    // Signed but not JSON: genuine (the webhook route then says it is not an event).
    const notJson = "not json";
    expect(
      checkStripeSignature({
        header: stripeSignatureHeader(secret, t, notJson),
        payload: notJson,
        secret,
        now,
      }),
    ).toBeNull();
  });
});
