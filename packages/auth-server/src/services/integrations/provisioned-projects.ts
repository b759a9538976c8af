/**
 * Projects an integration client provisions for its users and later hands over (the reference's
 * `/integrations/neon/projects/...` and `/integrations/custom/projects/...`). Provisioning makes a
 * project without an owner team, with the reference's starting config and one super secret admin
 * key for the client. A transfer is started by the client (a one-hour code behind a dashboard link)
 * and finished once, by a signed-in user of the `internal` project, who receives the project in a
 * new team of their own.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import { and, eq, isNull } from "drizzle-orm";
import { projects, provisionedProjects } from "../../db/schema";
import { personalTeamName } from "../accounts/user-writes";
import { applyLegacyConfigUpdate } from "../admin/admin-projects";
import type { AuthDeps } from "../auth-deps";
import { createVerificationCode, redeemVerificationCode } from "../credentials/verification-codes";
import { parseProjectConfig } from "../projects/project-config";
import { createProjectKeySet } from "../projects/project-keys";
import {
  ensureProject,
  internalProjectId,
  type LoadedProject,
  newProjectConfigDefaults,
} from "../projects/projects";
import type { LoadedUser } from "../records/user-records";
import { plainErrors } from "../shared/plain-errors";
import { createTeamWithCreator } from "../teams/teams";

/** The two families of integration endpoints; they differ only in their words. */
export type IntegrationKind = "neon" | "custom";

const wording = {
  neon: {
    projectDescription: "Created with Neon",
    keyDescription: "Auto-generated for Neon Auth (DO NOT DELETE)",
    clientLabel: "Neon client",
    provisionedBy: " by Neon",
  },
  custom: {
    projectDescription: "Project created by an external integration",
    keyDescription: "Auto-generated for an external integration",
    clientLabel: "external project",
    provisionedBy: "",
  },
} as const;

/** The admin key of a provisioned project lasts as long as the reference's (100 years). */
const provisionedKeyLifetimeMillis = 100 * 365 * 24 * 60 * 60 * 1000;
/** A transfer link is good for an hour, as the reference's. */
const transferCodeLifetimeMillis = 60 * 60 * 1000;

type ProvisionDeps = Pick<AuthDeps, "db" | "ids" | "clock">;

/**
 * Creates a project for an integration client: Google and GitHub sign-in through the shared apps,
 * passwords on, localhost trusted, no owner team (until transferred), and one key set holding only
 * a super secret admin key, which is returned once.
 */
export async function provisionProject(
  deps: ProvisionDeps,
  input: { kind: IntegrationKind; clientId: string; displayName: string },
): Promise<{ project_id: string; super_secret_admin_key: string }> {
  const now = deps.clock();
  const projectId = deps.ids.generateId();
  const config = applyLegacyConfigUpdate(parseProjectConfig(newProjectConfigDefaults), {
    oauth_providers: [
      { id: "google", type: "shared" },
      { id: "github", type: "shared" },
    ],
    allow_localhost: true,
    credential_enabled: true,
  });
  return deps.db.transaction(async (tx) => {
    await ensureProject(tx, {
      id: projectId,
      displayName: input.displayName,
      description: wording[input.kind].projectDescription,
      ownerTeamId: null,
      config,
      generateKeys: false,
      now,
      ids: deps.ids,
    });
    await tx.insert(provisionedProjects).values({
      projectId,
      clientId: input.clientId,
      createdAt: now,
    });
    const { keys } = await createProjectKeySet(tx, deps.ids, {
      projectId,
      description: wording[input.kind].keyDescription,
      expiresAt: new Date(now.getTime() + provisionedKeyLifetimeMillis),
      now,
      keys: { superSecretAdminKey: true },
    });
    if (!keys.superSecretAdminKey) throw new Error("The key set was made without its admin key");
    return { project_id: projectId, super_secret_admin_key: keys.superSecretAdminKey };
  });
}

async function isProvisionedBy(
  deps: Pick<AuthDeps, "db">,
  projectId: string,
  clientId: string,
): Promise<boolean> {
  const [row] = await deps.db
    .select({ projectId: provisionedProjects.projectId })
    .from(provisionedProjects)
    .where(
      and(eq(provisionedProjects.projectId, projectId), eq(provisionedProjects.clientId, clientId)),
    );
  return row !== undefined;
}

/**
 * The client may hand this project over: it provisioned it and it has not been transferred yet.
 * Anything else (another client's project, an unknown id, one transferred) gives the same answer.
 */
export async function requireTransferableProject(
  deps: Pick<AuthDeps, "db">,
  input: { kind: IntegrationKind; clientId: string; projectId: string },
): Promise<void> {
  if (!(await isProvisionedBy(deps, input.projectId, input.clientId))) {
    throw plainErrors.integrationTransferRefused(wording[input.kind].clientLabel);
  }
}

/** Starts a transfer: a code of the `internal` project, for the dashboard's confirmation page. */
export async function startProjectTransfer(
  deps: ProvisionDeps,
  input: { kind: IntegrationKind; clientId: string; projectId: string },
): Promise<string> {
  await requireTransferableProject(deps, input);
  return createVerificationCode(deps, {
    projectId: internalProjectId,
    type: "integration_project_transfer",
    data: { integration: input.kind, project_id: input.projectId, client_id: input.clientId },
    expiresInMillis: transferCodeLifetimeMillis,
  });
}

interface TransferCodeData {
  project_id: string;
  client_id: string;
}

/**
 * Checks a transfer code (without using it) as the reference does: the code first (unknown,
 * expired, used), then that the request is the `internal` project's and that the project is still
 * waiting for its transfer. A code of the other integration family is unknown here.
 */
async function readTransferCode(
  deps: ProvisionDeps,
  input: { kind: IntegrationKind; project: LoadedProject; code: string },
): Promise<TransferCodeData> {
  const data = await redeemVerificationCode(deps, {
    projectId: input.project.id,
    type: "integration_project_transfer",
    code: input.code,
    consume: false,
  });
  if (
    data.integration !== input.kind ||
    typeof data.project_id !== "string" ||
    typeof data.client_id !== "string"
  ) {
    throw knownErrors.verificationCodeNotFound();
  }
  if (input.project.id !== internalProjectId) throw plainErrors.transferOutsideInternalProject();
  if (!(await isProvisionedBy(deps, data.project_id, data.client_id))) {
    throw plainErrors.integrationTransferGone(wording[input.kind].provisionedBy);
  }
  return { project_id: data.project_id, client_id: data.client_id };
}

/** `POST .../projects/transfer/confirm/check`. */
export async function checkTransferCode(
  deps: ProvisionDeps,
  input: { kind: IntegrationKind; project: LoadedProject; code: string },
): Promise<void> {
  await readTransferCode(deps, input);
}

/**
 * `POST .../projects/transfer/confirm`: the signed-in user takes the project into a new team of
 * theirs. The code is used up and the provisioning forgotten in one transaction; of two
 * concurrent confirmations (even with two codes) only one finds the provisioning row.
 */
export async function confirmProjectTransfer(
  deps: ProvisionDeps,
  input: { kind: IntegrationKind; project: LoadedProject; user: LoadedUser | null; code: string },
): Promise<{ project_id: string }> {
  const data = await readTransferCode(deps, input);
  const { user } = input;
  if (!user) throw knownErrors.userAuthenticationRequired();
  await deps.db.transaction(async (tx) => {
    await redeemVerificationCode(
      { ...deps, db: tx },
      {
        projectId: input.project.id,
        type: "integration_project_transfer",
        code: input.code,
        consume: true,
      },
    );
    const released = await tx
      .delete(provisionedProjects)
      .where(
        and(
          eq(provisionedProjects.projectId, data.project_id),
          eq(provisionedProjects.clientId, data.client_id),
        ),
      )
      .returning({ projectId: provisionedProjects.projectId });
    if (released.length === 0) {
      throw plainErrors.integrationTransferGone(wording[input.kind].provisionedBy);
    }
    const [target] = await tx
      .select({ ownerTeamId: projects.ownerTeamId })
      .from(projects)
      .where(eq(projects.id, data.project_id));
    if (!target) throw plainErrors.integrationTransferProjectGone();
    if (target.ownerTeamId !== null) throw plainErrors.integrationProjectAlreadyOwned();
    const team = await createTeamWithCreator({ ...deps, db: tx }, input.project, {
      display_name: personalTeamName({
        displayName: user.row.displayName,
        email: user.primaryEmail?.value ?? null,
      }),
      creatorUserId: user.row.id,
    });
    const moved = await tx
      .update(projects)
      .set({ ownerTeamId: team.id })
      .where(and(eq(projects.id, data.project_id), isNull(projects.ownerTeamId)))
      .returning({ id: projects.id });
    if (moved.length === 0) throw plainErrors.integrationProjectAlreadyOwned();
  });
  return { project_id: data.project_id };
}
