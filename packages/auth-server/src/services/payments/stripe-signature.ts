/**
 * Stripe's webhook signatures, checked by the official `stripe` package
 * (`Stripe.webhooks.constructEvent`): the `Stripe-Signature` header is `t={unix seconds},v1={hex}[,v1=…]`,
 * each `v1` an HMAC-SHA256 of `{t}.{raw body}` keyed with the endpoint's signing secret (more than
 * one while a secret is rolled). A delivery is accepted when one `v1` matches and `t` is at most the
 * tolerance old (Stripe's default, 300 s), so a captured delivery cannot be replayed later; this
 * module also refuses a `t` more than the tolerance ahead of now, which the package lets through.
 * @module
 */
import Stripe from "stripe";

/** Stripe's default tolerance in its libraries. */
export const stripeSignatureToleranceSeconds = 300;

const cryptoProvider = Stripe.createNodeCryptoProvider();

/**
 * The header Stripe would send for this payload (tests and local tooling). Not the package's
 * `generateTestHeaderString`, which puts the current time in place of a timestamp of 0.
 */
export function stripeSignatureHeader(secret: string, timestamp: number, payload: string): string {
  return `t=${timestamp},v1=${cryptoProvider.computeHMACSignature(`${timestamp}.${payload}`, secret)}`;
}

const noSignature = "the Stripe-Signature header has no timestamp (t=) or no v1 signature";

/** Why a delivery was refused; null when it is genuine and fresh. */
export function checkStripeSignature(options: {
  header: string | undefined;
  payload: string;
  secret: string;
  now: Date;
  toleranceSeconds?: number;
}): string | null {
  if (!options.header) return "the Stripe-Signature header is missing";
  const tolerance = options.toleranceSeconds ?? stripeSignatureToleranceSeconds;
  const outside = `the signature timestamp is outside the tolerance of ${tolerance} seconds`;
  try {
    Stripe.webhooks.constructEvent(
      options.payload,
      options.header,
      options.secret,
      tolerance,
      undefined,
      options.now.getTime(),
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      // The package's messages, in this server's words (stripe-signature.test.ts pins them).
      if (
        /^(Unable to extract timestamp|No signatures found with expected scheme)/.test(
          error.message,
        )
      ) {
        return noSignature;
      }
      if (/^No signatures found matching/.test(error.message)) {
        return "no v1 signature matches the payload and the signing secret";
      }
      if (/^Timestamp outside the tolerance/.test(error.message)) return outside;
      return error.message;
    }
    // Signed but not JSON: genuine; the caller says it is not an event.
    if (error instanceof SyntaxError) return null;
    throw error;
  }
  const timestamp = Number(/(?:^|,)t=(\d+)(?:,|$)/.exec(options.header)?.[1]);
  if (timestamp - options.now.getTime() / 1000 > tolerance) return outside;
  return null;
}
