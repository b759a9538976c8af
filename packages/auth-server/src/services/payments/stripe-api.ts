/**
 * The few calls this server makes to Stripe's REST API, with plain `fetch` (no SDK): create a Checkout
 * Session and expire one; for payments setup (Stripe Connect) create a project's connected account,
 * its onboarding link and an account session for Stripe's embedded components, and read the account. Stripe takes form-encoded bodies with bracketed keys
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
  /** Bound on one call (default 20 s). */
  timeoutMs?: number;
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
  return send(settings, "POST", path, fields, idempotencyKey);
}

/** Stripe's own libraries wait 80 s; a checkout a person waits on should fail sooner. */
const STRIPE_TIMEOUT_MS = 20_000;

async function send(
  settings: StripeApiSettings,
  method: "GET" | "POST",
  path: string,
  fields: StripeFormFields | undefined,
  idempotencyKey?: string,
): Promise<unknown> {
  const headers: Record<string, string> = { authorization: `Bearer ${settings.secretKey}` };
  if (fields !== undefined) headers["content-type"] = "application/x-www-form-urlencoded";
  // Retries and concurrent requests with the same key get the same object back from Stripe.
  if (idempotencyKey !== undefined) headers["idempotency-key"] = idempotencyKey;
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${settings.apiBase}${path}`, {
      method,
      headers,
      ...(fields === undefined ? {} : { body: encodeStripeForm(fields) }),
      // A stalled Stripe must not hold the user's checkout request (and a server slot) for minutes.
      signal: AbortSignal.timeout(settings.timeoutMs ?? STRIPE_TIMEOUT_MS),
    });
    // Inside the try: the timeout also bounds a body that stalls halfway.
    text = await response.text();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new StripeApiError(0, `Stripe could not be reached: ${reason}`, null, null);
  }
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

const accountBody = z.object({
  id: z.string().min(1),
  charges_enabled: z.boolean().nullish(),
  details_submitted: z.boolean().nullish(),
  payouts_enabled: z.boolean().nullish(),
});
export type StripeAccount = z.output<typeof accountBody>;

function parseAnswer<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new StripeApiError(502, `Stripe answered without ${what}`, null, null);
  return parsed.data;
}

/** POST /v1/accounts: a connected account without a Stripe dashboard of its own (the reference's). */
export async function createConnectedAccount(
  settings: StripeApiSettings,
  projectId: string,
): Promise<StripeAccount> {
  const body = await postForm(
    settings,
    "/v1/accounts",
    {
      controller: { stripe_dashboard: { type: "none" } },
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
      country: "US",
      metadata: { project_id: projectId },
    },
    // Two concurrent setups of one project make one account.
    `project-account-${projectId}`,
  );
  return parseAnswer(accountBody, body, "an account id");
}

/** GET /v1/accounts/{id}. */
export async function retrieveAccount(
  settings: StripeApiSettings,
  accountId: string,
): Promise<StripeAccount> {
  const body = await send(
    settings,
    "GET",
    `/v1/accounts/${encodeURIComponent(accountId)}`,
    undefined,
  );
  return parseAnswer(accountBody, body, "an account id");
}

/** POST /v1/account_links: the hosted onboarding page of a connected account. */
export async function createAccountOnboardingLink(
  settings: StripeApiSettings,
  accountId: string,
  returnUrl: string,
): Promise<string> {
  const body = await postForm(settings, "/v1/account_links", {
    account: accountId,
    refresh_url: returnUrl,
    return_url: returnUrl,
    type: "account_onboarding",
  });
  return parseAnswer(z.object({ url: z.url() }), body, "a link url").url;
}

/** POST /v1/account_sessions: the client secret of Stripe's embedded payments and payouts components. */
export async function createAccountSession(
  settings: StripeApiSettings,
  accountId: string,
): Promise<string> {
  const body = await postForm(settings, "/v1/account_sessions", {
    account: accountId,
    components: {
      payments: {
        enabled: true,
        features: { refund_management: true, dispute_management: true, capture_payments: true },
      },
      notification_banner: { enabled: true },
      payouts: {
        enabled: true,
        features: {
          instant_payouts: true,
          standard_payouts: true,
          edit_payout_schedule: true,
          external_account_collection: true,
        },
      },
    },
  });
  return parseAnswer(z.object({ client_secret: z.string().min(1) }), body, "a client secret")
    .client_secret;
}
