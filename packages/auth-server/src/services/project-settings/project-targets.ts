/**
 * The targets a project's config aims the server at: each custom OIDC provider's issuer URL and
 * the project's own SMTP host. A config write that sets one the outgoing-request policy refuses is
 * answered 400 with nothing stored, so the admin learns at once instead of from failed sign-ins and
 * mails. Only targets the write changes are checked: one stored earlier (before this policy, or
 * while the operator allowed private networks) does not block unrelated changes, and is still
 * refused on every connection.
 * @module
 */

import { findTargetRefusal, type OutgoingPolicy } from "../../outgoing/outgoing-policy";
import type { ProjectConfig } from "../projects/project-config";
import { plainErrors } from "../shared/plain-errors";

type Target = { key: string } & ({ url: string } | { host: string });

function targetsOf(config: ProjectConfig): Target[] {
  const targets: Target[] = [];
  for (const [id, provider] of Object.entries(config.auth.oauth.providers)) {
    if (provider.type === "oidc" && provider.issuerUrl !== undefined) {
      targets.push({ key: `auth.oauth.providers.${id}.issuerUrl`, url: provider.issuerUrl });
    }
  }
  const server = config.emails.server;
  if (!server.isShared && server.host) {
    targets.push({ key: "emails.server.host", host: server.host });
  }
  return targets;
}

function sameTarget(a: Target, b: Target): boolean {
  const aimedAt = (target: Target) => ("url" in target ? target.url : target.host);
  return a.key === b.key && aimedAt(a) === aimedAt(b);
}

/** Throws a text 400 listing each new or changed target the policy refuses. */
export async function assertProjectTargetsAllowed(
  previous: ProjectConfig | null,
  next: ProjectConfig,
  outgoing: OutgoingPolicy,
): Promise<void> {
  const before = previous ? targetsOf(previous) : [];
  const changed = targetsOf(next).filter(
    (target) => !before.some((old) => sameTarget(old, target)),
  );
  const problems: string[] = [];
  for (const target of changed) {
    const refusal = await findTargetRefusal(target, outgoing);
    if (refusal) problems.push(`${target.key}: ${refusal}`);
  }
  if (problems.length > 0) {
    throw plainErrors.unreachableConfigTargets(problems);
  }
}
