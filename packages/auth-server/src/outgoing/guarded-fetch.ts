/**
 * The HTTP client for URLs a user aimed (webhook endpoints, a custom OIDC provider's endpoints).
 * undici's `fetch` over an `Agent` whose connector checks the address it is about to connect to:
 * an IP literal directly, a host name through a `lookup` that resolves it once, refuses it when
 * any answer is not public (outgoing-policy.ts) and hands `net.connect` exactly those addresses, so
 * the check and the connection can never see two different DNS answers. Redirects are followed by
 * hand (each hop goes through the same connector, http(s) only, a bounded number of them), and
 * every call has a deadline covering all hops and the reading of the body.
 * @module
 */
import { isIP, type LookupFunction } from "node:net";
import { Agent, buildConnector, fetch as undiciFetch } from "undici";
import {
  bareHostname,
  findRefusal,
  type OutgoingPolicy,
  OutgoingRequestRefusedError,
  resolveAllowedAddresses,
} from "./outgoing-policy";

export interface GuardedRequestInit {
  method?: string;
  headers?: Record<string, string> | Headers;
  body?: string | URLSearchParams;
  /** Ends the exchange early besides the deadline. */
  signal?: AbortSignal;
  /** Redirects followed, each hop checked; 0 hands back the 3xx answer itself. Default 3. */
  maxRedirects?: number;
  /** Deadline of the whole exchange, reading the body included; default 10 s. */
  timeoutMs?: number;
}

export type GuardedFetch = (url: string, init?: GuardedRequestInit) => Promise<Response>;

const defaultTimeoutMs = 10_000;
const defaultMaxRedirects = 3;
const connectTimeoutMs = 10_000;
const redirectStatuses = new Set([301, 302, 303, 307, 308]);
/** Headers that carry credentials for the origin they were meant for (as browsers drop them). */
const originBoundHeaders = ["authorization", "cookie", "proxy-authorization"];

function guardedLookup(policy: OutgoingPolicy): LookupFunction {
  return (hostname, options, callback) => {
    resolveAllowedAddresses(hostname, policy).then(
      (resolved) => {
        const family = typeof options.family === "number" ? options.family : 0;
        const addresses = family === 0 ? resolved : resolved.filter((a) => a.family === family);
        const [first] = addresses;
        if (!first) {
          const error = Object.assign(new Error(`${hostname} has no IPv${family} address`), {
            code: "ENOTFOUND",
          });
          callback(error, "", 0);
          return;
        }
        if (options.all) {
          (callback as unknown as (error: null, all: typeof addresses) => void)(null, addresses);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
}

/** An Agent per policy: connections are pooled per origin, each one opened through the check. */
const agents = new WeakMap<OutgoingPolicy, Agent>();

function agentFor(policy: OutgoingPolicy): Agent {
  let agent = agents.get(policy);
  if (!agent) {
    const connect = buildConnector({ timeout: connectTimeoutMs, lookup: guardedLookup(policy) });
    agent = new Agent({
      // `net.connect` skips `lookup` for an IP literal: such a host is checked here instead.
      connect(options, callback) {
        const host = bareHostname(options.hostname);
        if (isIP(host) === 0) {
          connect(options, callback);
          return;
        }
        resolveAllowedAddresses(host, policy).then(
          () => connect(options, callback),
          (error: Error) => callback(error, null),
        );
      },
      // Backstops only: each call's own deadline (its abort signal) is what ends a slow exchange.
      headersTimeout: 60_000,
      bodyTimeout: 60_000,
    });
    agents.set(policy, agent);
  }
  return agent;
}

function checkScheme(url: URL): void {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new OutgoingRequestRefusedError(`Only http(s) URLs are requested, not ${url.protocol}`);
  }
}

/**
 * A request to a user-aimed URL under the outgoing policy. Rejects with
 * OutgoingRequestRefusedError when a hop's address is refused (nothing was sent to it), with the
 * network error or the timeout otherwise; answers of any status are resolved.
 */
export async function guardedFetch(
  policy: OutgoingPolicy,
  input: string,
  init: GuardedRequestInit = {},
): Promise<Response> {
  const deadline = AbortSignal.timeout(init.timeoutMs ?? defaultTimeoutMs);
  const signal = init.signal ? AbortSignal.any([deadline, init.signal]) : deadline;
  const maxRedirects = init.maxRedirects ?? defaultMaxRedirects;
  // A plain record: undici's own Headers type differs from the global one it would be given.
  const headers = Object.fromEntries(new Headers(init.headers)) as Record<string, string>;
  let method = (init.method ?? "GET").toUpperCase();
  let body = init.body;
  let url = new URL(input);
  for (let hop = 0; ; hop++) {
    checkScheme(url);
    let response: Response;
    try {
      response = (await undiciFetch(url, {
        method,
        headers,
        body,
        redirect: "manual",
        signal,
        dispatcher: agentFor(policy),
      })) as unknown as Response;
    } catch (error) {
      throw findRefusal(error) ?? error;
    }
    const location = response.headers.get("location");
    if (!redirectStatuses.has(response.status) || location === null || maxRedirects === 0) {
      return response;
    }
    await response.body?.cancel();
    if (hop >= maxRedirects) throw new Error(`More than ${maxRedirects} redirects from ${input}`);
    const next = new URL(location, url);
    if (next.origin !== url.origin) for (const name of originBoundHeaders) delete headers[name];
    // As fetch does: 303, and 301/302 after a POST, continue as a GET without the body.
    if (
      response.status === 303 ||
      ((response.status === 301 || response.status === 302) && method === "POST")
    ) {
      method = "GET";
      body = undefined;
      delete headers["content-type"];
    }
    url = next;
  }
}
