/**
 * What managed e-mail onboarding needs from the outside world (the reference's
 * `managed-email-onboarding`): a sending domain at Resend, a DNS zone for it at DNSimple holding
 * the records Resend asks for, and, once Resend has verified the domain, an API key that may send
 * from that domain only. The project's mail then goes out through Resend's SMTP service with that
 * key (project-mail.ts).
 *
 * Two implementations: `resend-dnsimple.ts` calls the real services with the operator's accounts;
 * `simulatedManagedEmailProvider` below stands in for them in development and tests, as the
 * reference's mock mode does (`STACK_RESEND_API_KEY=mock_resend_api_key`).
 * @module
 */

export type ManagedDomainStatus =
  | "pending_dns"
  | "pending_verification"
  | "verified"
  | "applied"
  | "failed";

export interface CreatedSendingDomain {
  /** Resend's id of the domain; the API's `domain_id`. */
  resendDomainId: string;
  /** The name servers of the zone, which the project's owner delegates the subdomain to. */
  nameServers: string[];
  /** `verified` when Resend has verified it already, else `pending_verification`. */
  status: "pending_verification" | "verified";
}

export interface ManagedEmailProvider {
  /** Whether this stands in for the real services (the status turns `verified` by itself). */
  readonly simulated: boolean;
  /**
   * Creates the domain at Resend (and asks Resend to verify it), creates or reuses its zone at
   * DNSimple, adds Resend's records and a DMARC record to it, and reads the zone's name servers.
   * `subdomain` is normalised (lower case, no trailing dot) and valid. A domain Resend already has
   * is a `ManagedEmailConflictError`; anything else that fails is a `ManagedEmailProviderError`.
   */
  createSendingDomain(subdomain: string, projectId: string): Promise<CreatedSendingDomain>;
  /** A Resend API key that may send from this domain only. */
  createSendingKey(options: {
    resendDomainId: string;
    subdomain: string;
    projectId: string;
  }): Promise<string>;
}

/** The subdomain exists at Resend already (maybe for another project). */
export class ManagedEmailConflictError extends Error {
  override readonly name = "ManagedEmailConflictError";
}

/** Resend or DNSimple failed, answered something unexpected, or did not answer in time. */
export class ManagedEmailProviderError extends Error {
  override readonly name = "ManagedEmailProviderError";
}

/** A domain name as both the API and the providers compare it: lower case, trimmed, no root dot. */
export function normalizeDomainName(name: string): string {
  return name.trim().toLowerCase().replace(/\.+$/, "");
}

/** The name servers the simulation reports (DNSimple's, as the reference's mock). */
export const simulatedNameServers = ["ns1.dnsimple.com", "ns2.dnsimple.com"];

/** Prefix of the sending key the simulation hands out (the reference's `managed_mock_key_`). */
export const simulatedKeyPrefix = "managed_mock_key_";

/**
 * The stand-in for Resend and DNSimple: nothing leaves the process. The domain id is made from the
 * project and the subdomain, as the reference's mock makes it.
 */
export const simulatedManagedEmailProvider: ManagedEmailProvider = {
  simulated: true,
  async createSendingDomain(subdomain, projectId) {
    return {
      resendDomainId: `managed_mock_${projectId}_${subdomain}`.replace(/[^a-zA-Z0-9_-]/g, "_"),
      nameServers: [...simulatedNameServers],
      status: "pending_verification",
    };
  },
  async createSendingKey({ projectId }) {
    return `${simulatedKeyPrefix}${projectId}`;
  },
};
