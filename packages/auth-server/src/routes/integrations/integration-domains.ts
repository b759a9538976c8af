/**
 * `/integrations/{neon,custom}/domains`: the admin's trusted domains one by one (the reference's
 * integration CRUD over the legacy project config): list, add (with the handler path `/handler`),
 * remove. Admin access only.
 * @module
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { requireAccess } from "../../http/project-access";
import { sendJson, sendSuccess } from "../../http/respond";
import { emptyQuery, validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import { updateAdminProject } from "../../services/admin/admin-projects";
import { projectWriteChecks } from "../../services/project-settings/production-mode";
import type { ProjectConfig } from "../../services/projects/project-config";
import { plainErrors } from "../../services/shared/plain-errors";

const wildcardPlaceholder = "wildcard-placeholder";
const hostnamePattern = /^[a-z0-9*]([a-z0-9*-]*[a-z0-9*])?(\.[a-z0-9*]([a-z0-9*-]*[a-z0-9*])?)*$/i;

function parseWildcardUrl(value: string): URL | null {
  try {
    return new URL(value.replaceAll("*", wildcardPlaceholder));
  } catch {
    return null;
  }
}

/** A URL, or an http(s) URL with `*` only in its host name (the reference's wildcard URL). */
function isUrlOrWildcardUrl(value: string): boolean {
  if (!value.includes("*")) return URL.canParse(value);
  const url = parseWildcardUrl(value);
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) return false;
  const outsideHost = [url.username, url.password, url.pathname, url.search, url.hash];
  if (outsideHost.some((part) => part.includes(wildcardPlaceholder))) return false;
  return hostnamePattern.test(url.hostname.split(wildcardPlaceholder).join("*"));
}

function isProtocolAndDomain(value: string): boolean {
  const url = parseWildcardUrl(value);
  return (
    url !== null &&
    url.hostname !== "" &&
    url.pathname === "/" &&
    url.search === "" &&
    url.hash === ""
  );
}

/** The reference's checks and words, in its order. */
const domainField = z.string().superRefine((value, context) => {
  if (value.includes(" ")) context.addIssue({ code: "custom", message: "contains spaces" });
  if (!isUrlOrWildcardUrl(value)) {
    context.addIssue({ code: "custom", message: "is not a valid URL or wildcard URL pattern" });
  }
  if (!isProtocolAndDomain(value)) {
    context.addIssue({
      code: "custom",
      message:
        "must be a protocol and domain (with optional port) without any path, query parameters, or hash",
    });
  }
  if (value.length > 300) {
    context.addIssue({ code: "custom", message: "must be at most 300 characters" });
  }
  if (!/^https?:\/\//.test(value)) {
    context.addIssue({
      code: "custom",
      message: "URL must start with http:// or https://",
      params: { wholeLine: true },
    });
  }
});
const domainBody = z.strictObject({ domain: domainField });
const domainAnswer = z.strictObject({ domain: z.string() });
const domainParams = z.strictObject({ domain: z.string() });

/** The reference refuses to grow a list past this many domains. */
const maxTrustedDomains = 1000;

type TrustedDomain = ProjectConfig["domains"]["trustedDomains"][string];

function legacyDomain(domain: TrustedDomain) {
  return { domain: domain.baseUrl, handler_path: domain.handlerPath };
}

export function createIntegrationDomainRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.get(
    "/",
    describeRoute({
      summary: "List the project's trusted domains",
      callers: ["admin"],
      query: emptyQuery,
    }),
    (c) => {
      const auth = requireAccess(c, ["admin"]);
      validateRequest(c, { query: emptyQuery });
      const items = Object.values(auth.project.config.domains.trustedDomains)
        .map((domain) => ({ domain: domain.baseUrl }))
        .sort((a, b) => (a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0));
      return sendJson(c, { items, is_paginated: false });
    },
  );

  app.post(
    "/",
    describeRoute({
      summary: "Trust a domain (handler path /handler)",
      callers: ["admin"],
      body: domainBody,
      response: domainAnswer,
      successStatus: 201,
    }),
    async (c) => {
      const auth = requireAccess(c, ["admin"]);
      const { body } = validateRequest(c, { body: domainBody });
      const current = Object.values(auth.project.config.domains.trustedDomains);
      if (current.length > maxTrustedDomains) throw plainErrors.tooManyTrustedDomains();
      await updateAdminProject(
        deps.db,
        auth.project,
        {
          config: {
            domains: [
              ...current.map(legacyDomain),
              { domain: body.domain, handler_path: "/handler" },
            ],
          },
        },
        deps.clock(),
        projectWriteChecks(deps),
      );
      return sendJson(c, { domain: body.domain }, 201);
    },
  );

  app.delete(
    "/:domain",
    describeRoute({
      summary: "Stop trusting a domain",
      description: "The domain is URL-encoded in the path; an untrusted one changes nothing.",
      callers: ["admin"],
      params: domainParams,
    }),
    async (c) => {
      const auth = requireAccess(c, ["admin"]);
      const { params } = validateRequest(c, { params: domainParams });
      const kept = Object.values(auth.project.config.domains.trustedDomains).filter(
        (domain) => domain.baseUrl !== params.domain,
      );
      await updateAdminProject(
        deps.db,
        auth.project,
        { config: { domains: kept.map(legacyDomain) } },
        deps.clock(),
        projectWriteChecks(deps),
      );
      return sendSuccess(c);
    },
  );

  return app;
}
