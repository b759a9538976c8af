/**
 * @module
 * The OpenAPI 3.1 description of the process's two APIs, in one document (decision record
 * "one API description"): the auth platform under `/api/v1` and the site's content API and
 * functions under `/functions`. It is made from the mounted routes' own descriptions
 * (`describeRoute` of @heritage/auth-server), built once at the first request, and served at
 * `GET /api/v1/openapi.json` (and `/api/latest/openapi.json`). The server's address in it is the
 * configured PUBLIC_URL, never the request's Host.
 */
import {
  authApiPathGroup,
  buildOpenApiDocument,
  describeRoute,
  listMountedEndpoints,
  type OpenApiPathGroup,
} from "@heritage/auth-server";
import { contentErrors } from "@heritage/content";
import type { Handler, MiddlewareHandler } from "hono";
import { z } from "zod";
import packageJson from "../../package.json" with { type: "json" };

/** The documented prefixes: `/api/latest` serves the same routes as `/api/v1` and is left out. */
export const AUTH_API_PREFIX = "/api/v1";
export const CONTENT_API_PREFIX = "/functions";
export const API_DESCRIPTION_PATHS = ["/api/v1/openapi.json", "/api/latest/openapi.json"] as const;

const contentErrorCodes = [...new Set(Object.values(contentErrors).map((entry) => entry.code))];

/** `{ data: null, error }` of the content API and functions (site spec, section 7). */
const contentErrorBodySchema = z
  .object({
    data: z.null(),
    error: z.object({
      code: z.enum(contentErrorCodes as [string, ...string[]]),
      message: z.string(),
      details: z
        .object({
          fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
        })
        .catchall(z.unknown())
        .optional(),
    }),
  })
  .meta({ title: "ContentApiError" });

export const contentApiPathGroup: OpenApiPathGroup = {
  prefix: CONTENT_API_PREFIX,
  tagOf: (path) => {
    const table = /^\/api-([a-z_]+)/.exec(path)?.[1];
    return table ? `content: ${table}` : "site functions";
  },
  error: {
    description:
      "`{ data: null, error: { code, message, details? } }`; a refused body names each field and why in `details.fields`.",
    schema: contentErrorBodySchema,
  },
};

const documentDescription = `Two APIs of one server.

- **Auth platform** (\`/api/v1\`, also served at \`/api/latest\`): a Stack Auth-compatible REST API. Requests name the project and the access type in \`x-stack-*\` headers (each may also be spelt \`x-hexclave-*\`); errors are known errors with a stable \`code\`.
- **Site content API and functions** (\`/functions\`): \`/functions/api-{table}\` reads (public tables by anyone) and writes (site admins, \`Authorization: Bearer <access token>\`) the site's content; every answer is \`{ data, error }\`.`;

export interface ApiDescriptionOptions {
  /** The configured public URL: the document's only server. */
  publicUrl: string;
  /** The app's routes, read at the first request (when every route is mounted). */
  routes: () => readonly { method: string; path: string; handler: unknown }[];
}

/** The document, built once from the app's routes. */
export function createApiDescription(options: ApiDescriptionOptions) {
  let document: string | undefined;
  const build = () =>
    buildOpenApiDocument({
      title: "Heritage API",
      version: packageJson.version,
      description: documentDescription,
      serverUrl: options.publicUrl.replace(/\/+$/, ""),
      endpoints: listMountedEndpoints(options.routes()),
      groups: [authApiPathGroup(AUTH_API_PREFIX), contentApiPathGroup],
    });
  return {
    /** The document as an object (tests, tools). */
    document: () => JSON.parse(json()) as Record<string, unknown>,
    /** `GET /api/v1/openapi.json`: the document, cacheable by anyone (it holds nothing private). */
    handlers: [
      describeRoute({
        summary: "This API description (OpenAPI 3.1)",
        callers: ["anyone"],
        responseMediaType: "application/json",
      }),
      (async (c) => {
        c.header("Cache-Control", "public, max-age=300");
        c.header("Access-Control-Allow-Origin", "*");
        c.header("Content-Type", "application/json; charset=utf-8");
        return c.body(json());
      }) satisfies Handler,
    ] as [MiddlewareHandler, Handler],
  };

  function json(): string {
    document ??= JSON.stringify(build());
    return document;
  }
}
