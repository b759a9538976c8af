/**
 * Managed e-mail onboarding (the reference's `/internal/emails/managed-onboarding/*`): a project's
 * admin names a subdomain (`mail.example.com`) and a sender (`noreply`); the server sets the domain
 * up at Resend with its DNS zone at DNSimple and answers the zone's name servers, which the admin
 * delegates the subdomain to. Resend then verifies the domain and says so through its webhook
 * (routes/integrations/resend-webhooks.ts); once verified, `apply` gives the project a Resend key
 * for that domain alone and makes its mail go out through it (`emails.server.provider: managed`,
 * services/email/project-mail.ts). A domain applied demotes the one applied before to verified.
 *
 * The outside services are behind `ManagedEmailProvider`: the real ones with the operator's
 * accounts, or the simulation in development, which verifies a domain a second after its setup.
 * @module
 */
import type { Database } from "@heritage/db";
import { and, desc, eq, ne } from "drizzle-orm";
import { managedEmailDomains } from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import { patchConfigOverride } from "../project-settings/config-overrides";
import { projectWriteChecks } from "../project-settings/production-mode";
import type { LoadedProject } from "../projects/projects";
import { plainErrors } from "../shared/plain-errors";
import {
  type CreatedSendingDomain,
  type ManagedDomainStatus,
  ManagedEmailConflictError,
  type ManagedEmailProvider,
  ManagedEmailProviderError,
  normalizeDomainName,
} from "./managed-email-provider";

export type ManagedEmailDeps = Pick<
  AuthDeps,
  "db" | "clock" | "ids" | "logger" | "outgoing" | "config" | "secrets" | "profileImages"
> & {
  /** Null: onboarding is off on this server. */
  managedEmail: ManagedEmailProvider | null;
  /** How long the simulation takes to verify a domain (the reference's mock: 1 s). */
  simulatedVerificationMs?: number;
};

/** A domain as the API shows it (`domain_id` is Resend's id). */
export interface ManagedDomainView {
  domainId: string;
  subdomain: string;
  senderLocalPart: string;
  status: ManagedDomainStatus;
  nameServerRecords: string[];
}

const SIMULATED_VERIFICATION_MS = 1000;

/** The reference's checks: a fully qualified name with a top-level label of two or more letters. */
const SUBDOMAIN =
  /^(?=.{1,253}$)(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z0-9-]{2,63}$/;
const SENDER_LOCAL_PART = /^[a-zA-Z0-9._%+-]+$/;

function checkedSubdomain(subdomain: string): string {
  const normalised = normalizeDomainName(subdomain);
  if (!SUBDOMAIN.test(normalised)) throw plainErrors.invalidManagedSubdomain();
  return normalised;
}

function checkSenderLocalPart(senderLocalPart: string): void {
  if (!SENDER_LOCAL_PART.test(senderLocalPart)) throw plainErrors.invalidManagedSenderLocalPart();
}

type DomainRow = typeof managedEmailDomains.$inferSelect;

function toView(row: DomainRow): ManagedDomainView {
  return {
    domainId: row.resendDomainId,
    subdomain: row.subdomain,
    senderLocalPart: row.senderLocalPart,
    status: row.status as ManagedDomainStatus,
    nameServerRecords: row.nameServers,
  };
}

async function findBySubdomain(db: Database, projectId: string, subdomain: string) {
  const [row] = await db
    .select()
    .from(managedEmailDomains)
    .where(
      and(
        eq(managedEmailDomains.projectId, projectId),
        eq(managedEmailDomains.subdomain, subdomain),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Sets the domain up, or answers the one already set up for this subdomain (the same sender; a
 * different one is a 409). Nothing is stored when Resend or DNSimple fail.
 */
export async function setUpManagedDomain(
  deps: ManagedEmailDeps,
  project: LoadedProject,
  input: { subdomain: string; senderLocalPart: string },
): Promise<ManagedDomainView> {
  const subdomain = checkedSubdomain(input.subdomain);
  checkSenderLocalPart(input.senderLocalPart);
  const existing = await findBySubdomain(deps.db, project.id, subdomain);
  if (existing) {
    if (existing.senderLocalPart !== input.senderLocalPart) {
      throw plainErrors.managedSubdomainTrackedWithOtherSender();
    }
    return toView(existing);
  }
  const provider = deps.managedEmail;
  if (!provider) throw plainErrors.managedOnboardingOff();
  let created: CreatedSendingDomain;
  try {
    created = await provider.createSendingDomain(subdomain, project.id);
  } catch (error) {
    throw providerFailure(deps, error, { projectId: project.id, subdomain });
  }
  const now = deps.clock();
  const [row] = await deps.db
    .insert(managedEmailDomains)
    .values({
      id: deps.ids.generateId(),
      projectId: project.id,
      subdomain,
      senderLocalPart: input.senderLocalPart,
      resendDomainId: created.resendDomainId,
      nameServers: created.nameServers,
      status: created.status,
      verifiedAt: created.status === "verified" ? now : null,
      createdAt: now,
      updatedAt: now,
    })
    // Two setups of one subdomain at once: the second answers what the first stored.
    .onConflictDoNothing()
    .returning();
  if (!row) {
    const stored = await findBySubdomain(deps.db, project.id, subdomain);
    if (!stored) throw plainErrors.managedSubdomainAtResend();
    return toView(stored);
  }
  if (provider.simulated && row.status === "pending_verification") {
    simulateVerification(deps, row.resendDomainId);
  }
  return toView(row);
}

/** Resend or DNSimple's failure as the API's error; the details go to the log. */
function providerFailure(
  deps: ManagedEmailDeps,
  error: unknown,
  context: Record<string, unknown>,
): Error {
  if (error instanceof ManagedEmailConflictError) return plainErrors.managedSubdomainAtResend();
  if (error instanceof ManagedEmailProviderError) {
    deps.logger.warn({ ...context, err: error.message }, "managed e-mail onboarding failed");
    // The admin learns which step failed; what Resend or DNSimple answered (the operator's
    // accounts) stays in the log.
    const step = error.message.split(" failed")[0] ?? error.message;
    return plainErrors.managedProviderFailed(step);
  }
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * The simulation's stand-in for Resend's webhook: the domain turns verified after a while. The
 * timer does not keep the process alive; a failure is logged (the domain stays pending).
 */
function simulateVerification(deps: ManagedEmailDeps, resendDomainId: string): void {
  const timer = setTimeout(() => {
    recordProviderStatus(deps, { resendDomainId, providerStatus: "verified" }).catch((error) =>
      deps.logger.error({ err: error, resendDomainId }, "simulated domain verification failed"),
    );
  }, deps.simulatedVerificationMs ?? SIMULATED_VERIFICATION_MS);
  timer.unref();
}

/** Resend's status names as ours (the reference's mapping). */
export function statusFromProvider(providerStatus: string): ManagedDomainStatus {
  const status = providerStatus.toLowerCase();
  if (status === "verified") return "verified";
  if (status === "failed" || status === "partially_failed" || status === "temporary_failure") {
    return "failed";
  }
  return "pending_verification";
}

/**
 * What Resend reported of a domain (its webhook, or the simulation). A domain already applied
 * stays applied while Resend calls it verified. Unknown domains are ignored: false.
 */
export async function recordProviderStatus(
  deps: Pick<ManagedEmailDeps, "db" | "clock">,
  report: { resendDomainId: string; providerStatus: string; error?: string | undefined },
): Promise<boolean> {
  const [row] = await deps.db
    .select()
    .from(managedEmailDomains)
    .where(eq(managedEmailDomains.resendDomainId, report.resendDomainId))
    .limit(1);
  if (!row) return false;
  const reported = statusFromProvider(report.providerStatus);
  const status = row.status === "applied" && reported === "verified" ? "applied" : reported;
  const now = deps.clock();
  await deps.db
    .update(managedEmailDomains)
    .set({
      status,
      providerStatus: report.providerStatus,
      lastError: reported === "failed" ? (report.error ?? report.providerStatus) : null,
      verifiedAt: reported === "verified" ? (row.verifiedAt ?? now) : row.verifiedAt,
      updatedAt: now,
    })
    .where(eq(managedEmailDomains.id, row.id));
  return true;
}

/** The domain's status, when `domainId`, subdomain and sender name the same setup. */
export async function checkManagedDomain(
  deps: Pick<ManagedEmailDeps, "db">,
  project: LoadedProject,
  input: { domainId: string; subdomain: string; senderLocalPart: string },
): Promise<ManagedDomainStatus> {
  const subdomain = checkedSubdomain(input.subdomain);
  checkSenderLocalPart(input.senderLocalPart);
  const row = await findBySubdomain(deps.db, project.id, subdomain);
  if (
    !row ||
    row.resendDomainId !== input.domainId ||
    row.senderLocalPart !== input.senderLocalPart
  ) {
    throw plainErrors.managedSetupNotFound();
  }
  return row.status as ManagedDomainStatus;
}

/** The project's domains, the most recently changed first. */
export async function listManagedDomains(
  deps: Pick<ManagedEmailDeps, "db">,
  projectId: string,
): Promise<ManagedDomainView[]> {
  const rows = await deps.db
    .select()
    .from(managedEmailDomains)
    .where(eq(managedEmailDomains.projectId, projectId))
    .orderBy(desc(managedEmailDomains.updatedAt), desc(managedEmailDomains.createdAt));
  return rows.map(toView);
}

/**
 * Makes a verified domain the project's sender: a Resend key for it alone goes into the project's
 * e-mail config (environment level, as the reference writes it), then the domain is marked
 * applied and any other applied one goes back to verified. Applying twice is harmless.
 */
export async function applyManagedDomain(
  deps: ManagedEmailDeps,
  project: LoadedProject,
  domainId: string,
): Promise<void> {
  const [row] = await deps.db
    .select()
    .from(managedEmailDomains)
    .where(
      and(
        eq(managedEmailDomains.resendDomainId, domainId),
        eq(managedEmailDomains.projectId, project.id),
      ),
    )
    .limit(1);
  if (!row) throw plainErrors.managedDomainNotFound();
  if (row.status === "applied") return;
  if (row.status !== "verified") throw plainErrors.managedDomainNotVerified();
  const provider = deps.managedEmail;
  if (!provider) throw plainErrors.managedOnboardingOff();
  let key: string;
  try {
    key = await provider.createSendingKey({
      resendDomainId: row.resendDomainId,
      subdomain: row.subdomain,
      projectId: project.id,
    });
  } catch (error) {
    throw providerFailure(deps, error, { projectId: project.id, subdomain: row.subdomain });
  }
  const now = deps.clock();
  await patchConfigOverride(
    deps.db,
    project,
    "environment",
    {
      "emails.server.isShared": false,
      "emails.server.provider": "managed",
      "emails.server.password": key,
      "emails.server.senderName": project.displayName,
      "emails.server.senderEmail": `${row.senderLocalPart}@${row.subdomain}`,
      "emails.server.managedSubdomain": row.subdomain,
      "emails.server.managedSenderLocalPart": row.senderLocalPart,
    },
    now,
    projectWriteChecks(deps),
  );
  await deps.db.transaction(async (tx) => {
    await tx
      .update(managedEmailDomains)
      .set({ status: "verified", appliedAt: null, updatedAt: now })
      .where(
        and(
          eq(managedEmailDomains.projectId, project.id),
          ne(managedEmailDomains.id, row.id),
          eq(managedEmailDomains.status, "applied"),
        ),
      );
    await tx
      .update(managedEmailDomains)
      .set({ status: "applied", appliedAt: now, updatedAt: now })
      .where(eq(managedEmailDomains.id, row.id));
  });
}
