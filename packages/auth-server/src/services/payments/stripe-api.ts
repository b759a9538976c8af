/**
 * The few calls this server makes to Stripe's REST API, with plain `fetch` (no SDK): create a Checkout
 * Session and expire one. Stripe takes form-encoded bodies with bracketed keys
 * (`line_items[0][price_data][currency]=usd`), authenticates with the secret key as a bearer token,
 * and answers errors as `{error: {type, code?, message}}`. The base URL is configurable so tests talk
 * to a loopback fake.
 * @module
 */
import { z } from "zod";

export interface StripeApiSettings {
  secretKey: string;
  /** e.g. `https://api.stripe.com`, without a trailing slash. */
  apiBase: string;
}

/** A form value tree: Stripe's nested parameters before encoding. */
export type StripeFormValue = string | number | boolean | StripeFormValue[] | StripeFormFields;
export interface StripeFormFields {
  [key: string]: StripeFormValue | undefined;
}

/** Stripe answered with an error, or could not be reached (`status` 0). */
export class StripeApiError extends Error {
  override readonly name = "StripeApiError";
  readonly status: number;
  readonly type: string | null;
  readonly code: string | null;

  constructor(status: number, message: string, type: string | null, code: string | null) {
    super(message);
    this.status = status;
    this.type = type;
    this.code = code;
  }
}

/** Flattens nested fields into Stripe's bracket notation, in order. */
export function encodeStripeForm(fields: StripeFormFields): URLSearchParams {
  const form = new URLSearchParams();
  const append = (key: string, value: StripeFormValue | undefined) => {
    if (value === undefined) return;
    if (Array.isArray(value)) {
      value.forEach((entry, index) => {
        append(`${key}[${index}]`, entry);
      });
    } else if (typeof value === "object") {
      for (const [name, entry] of Object.entries(value)) append(`${key}[${name}]`, entry);
    } else {
      form.append(key, String(value));
    }
  };
  for (const [name, value] of Object.entries(fields)) append(name, value);
  return form;
}

const stripeErrorBody = z.object({
  error: z.object({
    type: z.string().optional(),
    code: z.string().optional(),
    message: z.string().optional(),
  }),
});

const checkoutSessionBody = z.object({
  id: z.string().min(1),
  url: z.url(),
});
export type CreatedCheckoutSession = z.output<typeof checkoutSessionBody>;

async function postForm(
  settings: StripeApiSettings,
  path: string,
  fields: StripeFormFields,
  idempotencyKey?: string,
): Promise<unknown> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${settings.secretKey}`,
    "content-type": "application/x-www-form-urlencoded",
  };
  // Retries and concurrent requests with the same key get the same session back from Stripe.
  if (idempotencyKey !== undefined) headers["idempotency-key"] = idempotencyKey;
  let response: Response;
  try {
    response = await fetch(`${settings.apiBase}${path}`, {
      method: "POST",
      headers,
      body: encodeStripeForm(fields),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new StripeApiError(0, `Stripe could not be reached: ${reason}`, null, null);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const parsed = stripeErrorBody.safeParse(body);
    const error = parsed.success ? parsed.data.error : undefined;
    throw new StripeApiError(
      response.status,
      error?.message ?? `Stripe answered ${response.status}`,
      error?.type ?? null,
      error?.code ?? null,
    );
  }
  return body;
}

/** POST /v1/checkout/sessions; the session's id and hosted payment page. */
export async function createCheckoutSession(
  settings: StripeApiSettings,
  fields: StripeFormFields,
  idempotencyKey: string,
): Promise<CreatedCheckoutSession> {
  const body = await postForm(settings, "/v1/checkout/sessions", fields, idempotencyKey);
  const parsed = checkoutSessionBody.safeParse(body);
  if (!parsed.success) {
    throw new StripeApiError(502, "Stripe answered without a session id and url", null, null);
  }
  return parsed.data;
}

/** POST /v1/checkout/sessions/{id}/expire: the session can no longer be paid. */
export async function expireCheckoutSession(
  settings: StripeApiSettings,
  sessionId: string,
): Promise<void> {
  await postForm(settings, `/v1/checkout/sessions/${encodeURIComponent(sessionId)}/expire`, {});
}
