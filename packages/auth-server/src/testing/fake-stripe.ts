/**
 * A loopback stand-in for Stripe's REST API (node:http), for tests of the Stripe checkout adapter. It
 * records every request (path, headers, decoded form), checks the bearer secret key, and answers
 * `POST /v1/checkout/sessions` like Stripe: a `cs_test_…` session with its hosted `url`, the same one
 * again for a repeated `Idempotency-Key`. `POST /v1/checkout/sessions/{id}/expire` expires one.
 * Connect: `POST /v1/accounts` (one account per `Idempotency-Key`), `GET /v1/accounts/{id}`,
 * `POST /v1/account_links` and `POST /v1/account_sessions` for a known account (else 404).
 * `failNext` makes the next request answer a Stripe error body.
 * @module
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeStripeRequest {
  method: string;
  path: string;
  headers: Record<string, string | undefined>;
  /** The form body as Stripe reads it, keys in bracket notation (`line_items[0][quantity]`). */
  form: Record<string, string>;
}

export interface FakeCheckoutSession {
  id: string;
  url: string;
  status: "open" | "expired";
  form: Record<string, string>;
}

export interface FakeConnectedAccount {
  id: string;
  charges_enabled: boolean;
  details_submitted: boolean;
  payouts_enabled: boolean;
  form: Record<string, string>;
}

export interface FakeStripe {
  /** e.g. `http://127.0.0.1:54321`: the value for STRIPE_API_BASE. */
  apiBase: string;
  secretKey: string;
  requests: FakeStripeRequest[];
  sessions: Map<string, FakeCheckoutSession>;
  /** Connected accounts by id; tests flip their flags as onboarding would. */
  accounts: Map<string, FakeConnectedAccount>;
  /** The next request answers this status and `{error: {type, message}}`. */
  failNext(status: number, message: string, type?: string): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

export async function startFakeStripe(secretKey = "sk_test_fake_stripe_key"): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const sessions = new Map<string, FakeCheckoutSession>();
  const byIdempotencyKey = new Map<string, FakeCheckoutSession>();
  const accounts = new Map<string, FakeConnectedAccount>();
  const accountsByIdempotencyKey = new Map<string, FakeConnectedAccount>();
  let pendingFailure: { status: number; message: string; type: string } | null = null;
  let counter = 0;

  const server = createServer((request, response) => {
    void (async () => {
      const text = await readBody(request);
      const form = Object.fromEntries(new URLSearchParams(text));
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        headers[name] = Array.isArray(value) ? value.join(", ") : value;
      }
      const path = request.url ?? "/";
      requests.push({ method: request.method ?? "GET", path, headers, form });
      if (pendingFailure) {
        const failure = pendingFailure;
        pendingFailure = null;
        answer(response, failure.status, {
          error: { type: failure.type, message: failure.message },
        });
        return;
      }
      if (headers.authorization !== `Bearer ${secretKey}`) {
        answer(response, 401, {
          error: { type: "invalid_request_error", message: "Invalid API Key provided" },
        });
        return;
      }
      if (request.method === "POST" && path === "/v1/checkout/sessions") {
        const key = headers["idempotency-key"];
        const repeated = key ? byIdempotencyKey.get(key) : undefined;
        if (repeated) {
          answer(response, 200, { id: repeated.id, object: "checkout.session", url: repeated.url });
          return;
        }
        counter += 1;
        const id = `cs_test_fake${counter}`;
        const session: FakeCheckoutSession = {
          id,
          url: `https://checkout.stripe.test/c/pay/${id}`,
          status: "open",
          form,
        };
        sessions.set(id, session);
        if (key) byIdempotencyKey.set(key, session);
        answer(response, 200, {
          id,
          object: "checkout.session",
          url: session.url,
          status: "open",
          mode: form.mode,
        });
        return;
      }
      if (request.method === "POST" && path === "/v1/accounts") {
        const key = headers["idempotency-key"];
        let account = key ? accountsByIdempotencyKey.get(key) : undefined;
        if (!account) {
          counter += 1;
          account = {
            id: `acct_fake${counter}`,
            charges_enabled: false,
            details_submitted: false,
            payouts_enabled: false,
            form,
          };
          accounts.set(account.id, account);
          if (key) accountsByIdempotencyKey.set(key, account);
        }
        const { form: _form, ...shown } = account;
        answer(response, 200, { ...shown, object: "account" });
        return;
      }
      const accountPath = /^\/v1\/accounts\/([^/]+)$/.exec(path);
      const retrieved = accountPath?.[1]
        ? accounts.get(decodeURIComponent(accountPath[1]))
        : undefined;
      if (request.method === "GET" && retrieved) {
        const { form: _form, ...shown } = retrieved;
        answer(response, 200, { ...shown, object: "account" });
        return;
      }
      const linked = form.account ? accounts.get(form.account) : undefined;
      if (request.method === "POST" && path === "/v1/account_links" && linked) {
        answer(response, 200, {
          object: "account_link",
          url: `https://connect.stripe.test/setup/${linked.id}?return=${encodeURIComponent(form.return_url ?? "")}`,
        });
        return;
      }
      if (request.method === "POST" && path === "/v1/account_sessions" && linked) {
        counter += 1;
        answer(response, 200, {
          object: "account_session",
          account: linked.id,
          client_secret: `accs_secret_fake${counter}`,
        });
        return;
      }
      const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
      const expiring = expire?.[1] ? sessions.get(decodeURIComponent(expire[1])) : undefined;
      if (request.method === "POST" && expiring) {
        expiring.status = "expired";
        answer(response, 200, { id: expiring.id, object: "checkout.session", status: "expired" });
        return;
      }
      answer(response, 404, {
        error: { type: "invalid_request_error", message: `Unrecognized request URL (${path})` },
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiBase: `http://127.0.0.1:${port}`,
    secretKey,
    requests,
    sessions,
    accounts,
    failNext(status, message, type = "invalid_request_error") {
      pendingFailure = { status, message, type };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // fetch keeps connections alive; they would hold close() open.
        server.closeAllConnections();
      }),
  };
}
