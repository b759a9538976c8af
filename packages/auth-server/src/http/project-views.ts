/**
 * Project objects in the shape of the protocol dialect a request speaks (issue 17). A request in the
 * reference's `x-stack-*` spelling gets projects as Stack Auth answers them (its e2e suite pins that
 * answer): no `allow_localhost` in the client view, no `is_development_environment` or
 * `config.require_email_verification` in the admin view, and enabled OAuth providers by id only.
 * SDK 2.8.108, which speaks `x-hexclave-*`, reads those fields (`allowLocalhost` for its redirect
 * checks, `isDevelopmentEnvironment`), so its requests get them, as does our own client.
 * @module
 */
import type { AdminProject, ClientProject, HeaderSpelling } from "@heritage/auth-protocol";

export function clientProjectView(project: ClientProject, spelling: HeaderSpelling): unknown {
  if (spelling === "hexclave") return project;
  const { allow_localhost: _allowLocalhost, ...config } = project.config;
  return { ...project, config };
}

export function adminProjectView(project: AdminProject, spelling: HeaderSpelling): unknown {
  if (spelling === "hexclave") return project;
  const { is_development_environment: _isDevelopmentEnvironment, ...fields } = project;
  const { require_email_verification: _requireEmailVerification, ...config } = project.config;
  return {
    ...fields,
    config: {
      ...config,
      enabled_oauth_providers: config.enabled_oauth_providers.map(({ id }) => ({ id })),
    },
  };
}
