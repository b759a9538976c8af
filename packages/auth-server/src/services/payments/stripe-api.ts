/**
 * The few calls this server makes to Stripe's REST API, through the official `stripe` package:
 * create a Checkout Session and expire one; for payments setup (Stripe Connect) create a project's
 * connected account, its onboarding link and an account session for Stripe's embedded components,
 * and read the account. Every call has a deadline and is tried once (the person waiting should
 * learn soon); Stripe's answers and failures come back as `StripeApiError`. The API address comes
 * from the operator's `STRIPE_API_BASE` (`https://api.stripe.com`), so tests talk to a loopback fake.
 * @module
 */
import Stripe from "stripe";
import { z } from "zod";

export interface StripeApiSettings {
  secretKey: string;
  /** e.g. `https://api.stripe.com`, without a trailing slash. */
  apiBase: string;
  /** Bound on one call (default 20 s). */
  timeoutMs?: number;
}

/**
 * A form value tree: Stripe's nested parameters as the package takes them (it encodes them in
 * bracket notation, `line_items[0][price_data][currency]=usd`).
 */
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

/** Stripe's own libraries wait 80 s; a checkout a person waits on should fail sooner. */
const STRIPE_TIMEOUT_MS = 20_000;

/** One client per (key, address, timeout): the package keeps its agent and settings there. */
const clients = new Map<string, Stripe>();

function clientFor(settings: StripeApiSettings): Stripe {
  const timeout = settings.timeoutMs ?? STRIPE_TIMEOUT_MS;
  const id = `${settings.secretKey}\n${settings.apiBase}\n${timeout}`;
  let client = clients.get(id);
  if (!client) {
    const base = new URL(settings.apiBase);
    if (base.pathname.replace(/\/+$/, "") !== "" || base.search !== "") {
      // The package takes a host, a port and a protocol; a path here would be dropped silently.
      throw new StripeApiError(0, `STRIPE_API_BASE must be an origin without a path`, null, null);
    }
    const protocol = base.protocol === "http:" ? "http" : "https";
    client = new Stripe(settings.secretKey, {
      host: base.hostname,
      port: base.port || (protocol === "http" ? 80 : 443),
      protocol,
      // A stalled Stripe must not hold the user's checkout request (and a server slot) for minutes.
      timeout,
      maxNetworkRetries: 0,
      telemetry: false,
    });
    clients.set(id, client);
  }
  return client;
}

/** Runs one call, turning the package's errors into StripeApiError. */
async function send<T>(settings: StripeApiSettings, call: (stripe: Stripe) => Promise<T>) {
  try {
    return await call(clientFor(settings));
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      if (error.statusCode === undefined) {
        throw new StripeApiError(0, `Stripe could not be reached: ${error.message}`, null, null);
      }
      throw new StripeApiError(
        error.statusCode,
        error.message || `Stripe answered ${error.statusCode}`,
        error.rawType ?? null,
        error.code ?? null,
      );
    }
    throw error;
  }
}

const checkoutSessionBody = z.object({
  id: z.string().min(1),
  url: z.url(),
});
export type CreatedCheckoutSession = z.output<typeof checkoutSessionBody>;

const accountBody = z.object({
  id: z.string().min(1),
  charges_enabled: z.boolean().nullish(),
  details_submitted: z.boolean().nullish(),
  payouts_enabled: z.boolean().nullish(),
});
export type StripeAccount = z.output<typeof accountBody>;

/** What this server needs from an answer; a 502 when Stripe (or a stand-in) left it out. */
function parseAnswer<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new StripeApiError(502, `Stripe answered without ${what}`, null, null);
  return parsed.data;
}

/** POST /v1/checkout/sessions; the session's id and hosted payment page. */
export async function createCheckoutSession(
  settings: StripeApiSettings,
  fields: StripeFormFields,
  idempotencyKey: string,
): Promise<CreatedCheckoutSession> {
  const session = await send(settings, (stripe) =>
    stripe.checkout.sessions.create(
      // Built by stripe-checkout.ts and stripe-prices.ts in Stripe's own parameter names.
      fields as Stripe.Checkout.SessionCreateParams,
      // Retries and concurrent requests with the same key get the same session back from Stripe.
      { idempotencyKey },
    ),
  );
  return parseAnswer(checkoutSessionBody, session, "a session id and url");
}

/** POST /v1/checkout/sessions/{id}/expire: the session can no longer be paid. */
export async function expireCheckoutSession(
  settings: StripeApiSettings,
  sessionId: string,
): Promise<void> {
  await send(settings, (stripe) => stripe.checkout.sessions.expire(sessionId));
}

/** POST /v1/accounts: a connected account without a Stripe dashboard of its own (the reference's). */
export async function createConnectedAccount(
  settings: StripeApiSettings,
  projectId: string,
): Promise<StripeAccount> {
  const account = await send(settings, (stripe) =>
    stripe.accounts.create(
      {
        controller: { stripe_dashboard: { type: "none" } },
        capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
        country: "US",
        metadata: { project_id: projectId },
      },
      // Two concurrent setups of one project make one account.
      { idempotencyKey: `project-account-${projectId}` },
    ),
  );
  return parseAnswer(accountBody, account, "an account id");
}

/** GET /v1/accounts/{id}. */
export async function retrieveAccount(
  settings: StripeApiSettings,
  accountId: string,
): Promise<StripeAccount> {
  const account = await send(settings, (stripe) => stripe.accounts.retrieve(accountId));
  return parseAnswer(accountBody, account, "an account id");
}

/** POST /v1/account_links: the hosted onboarding page of a connected account. */
export async function createAccountOnboardingLink(
  settings: StripeApiSettings,
  accountId: string,
  returnUrl: string,
): Promise<string> {
  const link = await send(settings, (stripe) =>
    stripe.accountLinks.create({
      account: accountId,
      refresh_url: returnUrl,
      return_url: returnUrl,
      type: "account_onboarding",
    }),
  );
  return parseAnswer(z.object({ url: z.url() }), link, "a link url").url;
}

/** POST /v1/account_sessions: the client secret of Stripe's embedded payments and payouts components. */
export async function createAccountSession(
  settings: StripeApiSettings,
  accountId: string,
): Promise<string> {
  const session = await send(settings, (stripe) =>
    stripe.accountSessions.create({
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
    }),
  );
  return parseAnswer(z.object({ client_secret: z.string().min(1) }), session, "a client secret")
    .client_secret;
}
