/**
 * Production-mode checks (spec §5): a project in production mode must not allow localhost, and each
 * trusted domain must be a valid URL (`*` wildcards allowed), not localhost or 127.x, not a bare IP,
 * and https. The messages follow the official SDK's `getProductionModeErrors`, so the dashboard and
 * the server speak of the same problems.
 * @module
 */

import type { OutgoingPolicy } from "../../outgoing/outgoing-policy";
import type { AuthDeps } from "../auth-deps";
import type { ProfileImageStore } from "../images/profile-image-store";
import type { ProjectConfig } from "../projects/project-config";
import type { SecretBox } from "../secrets/secret-box";
import { plainErrors } from "../shared/plain-errors";

/** What a project or config write is checked against besides its own schema. */
export interface ProjectWriteChecks {
  /** Where the project's outgoing targets (webhooks, OIDC, SMTP) may point. */
  outgoing: OutgoingPolicy;
  /** AUTH_PRODUCTION_MODE_CHECKS: refuse production mode with problems (the reference accepts). */
  productionMode: boolean;
  /** Seals the configuration's secrets when it is stored, opens them when it is read back. */
  secrets: SecretBox;
  /** Where logos sent as data URLs are kept (unset: kept as data URLs). */
  profileImages?: ProfileImageStore | undefined;
}

export function projectWriteChecks(
  deps: Pick<AuthDeps, "outgoing" | "config" | "secrets" | "profileImages">,
): ProjectWriteChecks {
  return {
    outgoing: deps.outgoing,
    productionMode: deps.config.AUTH_PRODUCTION_MODE_CHECKS,
    secrets: deps.secrets,
    profileImages: deps.profileImages,
  };
}

export interface ProductionModeProblem {
  message: string;
  /** Where the admin dashboard fixes it (spec §2). */
  relativeFixUrl: string;
}

function isLocalhostName(hostname: string): boolean {
  return (
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    hostname === "[::1]" ||
    /^127(\.\d+){3}$/.test(hostname)
  );
}

export function getProductionModeProblems(
  projectId: string,
  config: ProjectConfig,
): ProductionModeProblem[] {
  const relativeFixUrl = `/projects/${projectId}/domains`;
  const problems: ProductionModeProblem[] = [];
  if (config.domains.allowLocalhost) {
    problems.push({
      message:
        "Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings",
      relativeFixUrl,
    });
  }
  for (const { baseUrl } of Object.values(config.domains.trustedDomains)) {
    let url: URL;
    try {
      // A wildcard label is not a valid host character; check the rest of the URL around it.
      url = new URL(baseUrl.replace(/\*+/g, "wildcard-placeholder"));
    } catch {
      problems.push({ message: `Trusted domain is not a valid URL: ${baseUrl}`, relativeFixUrl });
      continue;
    }
    if (isLocalhostName(url.hostname)) {
      problems.push({
        message: `Localhost domains are not allowed to be trusted in production mode: ${baseUrl}`,
        relativeFixUrl,
      });
    } else if (/^\d+(\.\d+)*$/.test(url.hostname) || url.hostname.startsWith("[")) {
      problems.push({
        message: `Direct IPs are not valid for trusted domains in production mode: ${baseUrl}`,
        relativeFixUrl,
      });
    } else if (url.protocol !== "https:") {
      problems.push({ message: `Trusted domains should be HTTPS: ${baseUrl}`, relativeFixUrl });
    }
  }
  return problems;
}

/**
 * Refuses (text 400, every problem listed) a project state in production mode with problems, when
 * the checks are on (ProjectWriteChecks.productionMode).
 */
export function assertProductionModeAllowed(
  checks: ProjectWriteChecks,
  projectId: string,
  isProductionMode: boolean,
  config: ProjectConfig,
): void {
  if (!isProductionMode || !checks.productionMode) return;
  const problems = getProductionModeProblems(projectId, config);
  if (problems.length > 0) {
    throw plainErrors.notProductionReady(problems.map((problem) => problem.message));
  }
}
