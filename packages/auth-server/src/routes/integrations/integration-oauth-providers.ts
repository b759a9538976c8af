/**
 * `/integrations/neon/oauth-providers`: the admin's sign-in providers one by one, in the legacy
 * shape (`{id, type, client_id, client_secret, ...}`, named by provider type): list, add, change,
 * remove. Admin access only.
 * @module
 */
import {
  type AdminOAuthProvider,
  type AdminProject,
  adminOAuthProviderSchema,
  requireStandardProviderCredentials,
  standardOAuthProviderIds,
} from "@heritage/auth-protocol";
import { Hono } from "hono";
import { z } from "zod";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { requireAccess } from "../../http/project-access";
import { sendJson, sendSuccess } from "../../http/respond";
import { emptyQuery, validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import { toAdminProject, updateAdminProject } from "../../services/admin/admin-projects";
import { projectWriteChecks } from "../../services/project-settings/production-mode";
import type { LoadedProject } from "../../services/projects/projects";
import { plainErrors } from "../../services/shared/plain-errors";

/** The provider ids the reference accepts here (its `standardProviders`). */
const providerId = z.enum(standardOAuthProviderIds);

/** The legacy shape: the admin provider's fields without its config id or Apple bundle ids. */
const providerFields = {
  ...adminOAuthProviderSchema.pick({
    client_id: true,
    client_secret: true,
    facebook_config_id: true,
    microsoft_tenant_id: true,
  }).shape,
  type: adminOAuthProviderSchema.shape.type.optional(),
};

const createBody = z
  .strictObject({ id: providerId, ...providerFields })
  .superRefine(requireStandardProviderCredentials);
const updateBody = z.strictObject(providerFields).superRefine(requireStandardProviderCredentials);
const providerParams = z.strictObject({ oauth_provider_id: providerId });

type LegacyProvider = Omit<AdminOAuthProvider, "provider_config_id">;

function legacyProviders(project: AdminProject): LegacyProvider[] {
  return project.config.oauth_providers.map(
    ({ provider_config_id: _configId, apple_bundle_ids: _bundleIds, ...provider }) => provider,
  );
}

function findProvider(project: AdminProject, id: string): LegacyProvider | undefined {
  return legacyProviders(project).find((provider) => provider.id === id);
}

export function createIntegrationOAuthProviderRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  const writeProviders = async (project: LoadedProject, providers: LegacyProvider[]) =>
    updateAdminProject(
      deps.db,
      project,
      { config: { oauth_providers: providers } },
      deps.clock(),
      projectWriteChecks(deps),
    );

  app.get(
    "/",
    describeRoute({
      summary: "List the project's OAuth providers",
      callers: ["admin"],
      query: emptyQuery,
    }),
    (c) => {
      const auth = requireAccess(c, ["admin"]);
      validateRequest(c, { query: emptyQuery });
      return sendJson(c, {
        items: legacyProviders(toAdminProject(auth.project)),
        is_paginated: false,
      });
    },
  );

  app.post(
    "/",
    describeRoute({
      summary: "Add an OAuth provider (shared unless said otherwise)",
      callers: ["admin"],
      body: createBody,
      successStatus: 201,
    }),
    async (c) => {
      const auth = requireAccess(c, ["admin"]);
      const { body } = validateRequest(c, { body: createBody });
      const current = toAdminProject(auth.project);
      if (findProvider(current, body.id)) throw plainErrors.integrationOAuthProviderExists();
      const updated = await writeProviders(auth.project, [
        ...legacyProviders(current),
        { ...body, type: body.type ?? "shared" },
      ]);
      return sendJson(c, findProvider(updated, body.id), 201);
    },
  );

  app.patch(
    "/:oauth_provider_id",
    describeRoute({
      summary: "Change an OAuth provider",
      callers: ["admin"],
      params: providerParams,
      body: updateBody,
    }),
    async (c) => {
      const auth = requireAccess(c, ["admin"]);
      const { params, body } = validateRequest(c, { params: providerParams, body: updateBody });
      const current = toAdminProject(auth.project);
      if (!findProvider(current, params.oauth_provider_id)) {
        throw plainErrors.integrationOAuthProviderNotFound();
      }
      const updated = await writeProviders(
        auth.project,
        legacyProviders(current).map((provider) =>
          provider.id === params.oauth_provider_id ? { ...provider, ...body } : provider,
        ),
      );
      return sendJson(c, findProvider(updated, params.oauth_provider_id));
    },
  );

  app.delete(
    "/:oauth_provider_id",
    describeRoute({
      summary: "Remove an OAuth provider",
      callers: ["admin"],
      params: providerParams,
    }),
    async (c) => {
      const auth = requireAccess(c, ["admin"]);
      const { params } = validateRequest(c, { params: providerParams });
      const current = toAdminProject(auth.project);
      if (!findProvider(current, params.oauth_provider_id)) {
        throw plainErrors.integrationOAuthProviderNotFound();
      }
      await writeProviders(
        auth.project,
        legacyProviders(current).filter((provider) => provider.id !== params.oauth_provider_id),
      );
      return sendSuccess(c);
    },
  );

  return app;
}
