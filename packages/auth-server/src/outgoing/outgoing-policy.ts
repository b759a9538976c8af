/**
 * The outgoing-request policy (docs/decisions/008-outgoing-request-policy.md): requests a user can
 * aim (webhook deliveries, a custom OIDC provider's endpoints, a project's own SMTP server) reach
 * public addresses only, unless the operator sets `OUTGOING_ALLOW_PRIVATE_NETWORKS=true`.
 *
 * Two checks use it. At connect time (guarded-fetch.ts, smtp-guard.ts) the host is resolved here
 * and the connection goes to the very addresses that were checked, so a name that answers a public
 * address when it is registered and 127.0.0.1 when it is used (DNS rebinding) is refused. At
 * registration time `findTargetRefusal` gives the admin an early 400 for a target that is refused
 * already; a name that does not resolve yet is accepted there (the connect-time check still holds).
 * @module
 */
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { isPublicAddress } from "./address-policy";

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Host name to addresses; the system resolver (`getaddrinfo`, as `net.connect` uses) by default. */
export type HostResolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export interface OutgoingPolicy {
  /** `OUTGOING_ALLOW_PRIVATE_NETWORKS`: every address may be reached (tests, private installs). */
  allowPrivateNetworks: boolean;
  resolveHost: HostResolver;
  /** Which addresses count as public; tests widen it to a second loopback address. */
  isPublicAddress: (address: string) => boolean;
  /** The longest a name may take to resolve. */
  dnsTimeoutMs: number;
}

export const systemResolver: HostResolver = async (hostname) => {
  const addresses = await lookup(hostname, { all: true });
  return addresses.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

export function createOutgoingPolicy(options: {
  allowPrivateNetworks: boolean;
  resolveHost?: HostResolver | undefined;
  isPublicAddress?: ((address: string) => boolean) | undefined;
  dnsTimeoutMs?: number | undefined;
}): OutgoingPolicy {
  return {
    allowPrivateNetworks: options.allowPrivateNetworks,
    resolveHost: options.resolveHost ?? systemResolver,
    isPublicAddress: options.isPublicAddress ?? isPublicAddress,
    dnsTimeoutMs: options.dnsTimeoutMs ?? 5_000,
  };
}

/**
 * A user-aimed request the policy refused before any packet left. The message names the host as
 * the user wrote it, never the address it resolved to (that would map the internal network).
 */
export class OutgoingRequestRefusedError extends Error {
  override readonly name = "OutgoingRequestRefusedError";
  readonly code = "OUTGOING_REQUEST_REFUSED";
}

const internalAddressText =
  "a loopback, private, link-local or other non-public network address; the server sends no requests there";

function refusedHostMessage(hostname: string): string {
  return isIP(hostname)
    ? `${hostname} is ${internalAddressText}`
    : `${hostname} resolves to ${internalAddressText}`;
}

/** `localhost` and `*.localhost` are loopback by definition (RFC 6761): no lookup needed. */
function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost");
}

function withTimeout<T>(work: Promise<T>, ms: number, hostname: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(Object.assign(new Error(`Resolving ${hostname} timed out`), { code: "ETIMEOUT" }));
    }, ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The host of a URL as `net.connect` takes it (`[::1]` without its brackets). */
export function bareHostname(hostname: string): string {
  return hostname.replace(/^\[(.*)\]$/, "$1");
}

/**
 * The addresses a connection to `hostname` may use: an IP literal as it is, a name resolved once
 * here. Throws OutgoingRequestRefusedError when any of them is not public (one internal answer
 * among public ones is refused as a whole: the connection could fall back to it), and the
 * resolver's error (ENOTFOUND, ETIMEOUT) when the name does not resolve.
 */
export async function resolveAllowedAddresses(
  hostname: string,
  policy: OutgoingPolicy,
): Promise<ResolvedAddress[]> {
  const host = bareHostname(hostname);
  const literal = isIP(host);
  if (literal !== 0) {
    if (!policy.allowPrivateNetworks && !policy.isPublicAddress(host)) {
      throw new OutgoingRequestRefusedError(refusedHostMessage(host));
    }
    return [{ address: host, family: literal === 6 ? 6 : 4 }];
  }
  if (!policy.allowPrivateNetworks && isLocalhostName(host)) {
    throw new OutgoingRequestRefusedError(refusedHostMessage(host));
  }
  const addresses = [...(await withTimeout(policy.resolveHost(host), policy.dnsTimeoutMs, host))];
  if (addresses.length === 0) {
    throw Object.assign(new Error(`${host} has no address`), { code: "ENOTFOUND" });
  }
  if (
    !policy.allowPrivateNetworks &&
    addresses.some((entry) => !policy.isPublicAddress(entry.address))
  ) {
    throw new OutgoingRequestRefusedError(refusedHostMessage(host));
  }
  return addresses;
}

/**
 * Why a target given through the API is refused (a sentence for a 400), or null when it may be
 * stored: only http(s) URLs when `url` is given as a URL; refused when the host is an internal IP
 * literal or resolves to an internal address now. A name that does not resolve is accepted: the
 * connect-time check decides when it is used.
 */
export async function findTargetRefusal(
  target: { url: string } | { host: string },
  policy: OutgoingPolicy,
): Promise<string | null> {
  let hostname: string;
  if ("url" in target) {
    let url: URL;
    try {
      url = new URL(target.url);
    } catch {
      return "must be a valid http(s) URL";
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") return "must be an http(s) URL";
    hostname = url.hostname;
  } else {
    hostname = target.host.trim();
  }
  if (policy.allowPrivateNetworks) return null;
  try {
    await resolveAllowedAddresses(hostname, policy);
    return null;
  } catch (error) {
    if (error instanceof OutgoingRequestRefusedError) return error.message;
    return null;
  }
}

/** The refusal in an error's cause chain (undici wraps connect errors in `TypeError: fetch failed`). */
export function findRefusal(error: unknown): OutgoingRequestRefusedError | null {
  for (let current: unknown = error, depth = 0; current && depth < 8; depth++) {
    if (current instanceof OutgoingRequestRefusedError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * Whether the policy admits private networks: as the operator said, or, unset, only on a
 * development server (it talks to the developer's own mail catcher and webhook receiver).
 */
export function allowsPrivateNetworks(
  setting: boolean | undefined,
  isDevelopment: boolean,
): boolean {
  return setting ?? isDevelopment;
}
