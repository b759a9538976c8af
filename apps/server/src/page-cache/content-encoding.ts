/**
 * @module
 * Picks the encoding of a stored page for a request's `Accept-Encoding` (RFC 9110, 12.5.3). Each
 * stored page is kept as Brotli, gzip and plain bytes, so the answer is a choice, never work.
 */
import { type ContentCoding, codingWeights } from "../content-negotiation/accept-encoding";

export type StoredEncoding = ContentCoding;

/** At equal weight: Brotli is the smallest, plain bytes the last resort. */
const preference: readonly StoredEncoding[] = ["br", "gzip", "identity"];

export function chooseEncoding(acceptEncoding: string | null | undefined): StoredEncoding {
  const weights = codingWeights(acceptEncoding);
  let best: StoredEncoding = "identity";
  let bestWeight = 0;
  for (const coding of preference) {
    if (weights[coding] > bestWeight) {
      best = coding;
      bestWeight = weights[coding];
    }
  }
  // Nothing acceptable at all would be a 406; plain bytes serve such a client better (the spec
  // lets a server ignore the header rather than refuse).
  return best;
}
