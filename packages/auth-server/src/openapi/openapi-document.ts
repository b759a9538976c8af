/**
 * Builds the OpenAPI 3.1 document from the routes' own descriptions (route-description.ts): the
 * zod schemas the handlers validate with become the parameters and bodies through zod's
 * `z.toJSONSchema` (JSON Schema 2020-12, the dialect of OpenAPI 3.1), input side, so what the
 * document says a client may send is what the handler accepts. Nothing here is written twice.
 * @module
 */
import { accessTypes } from "@heritage/auth-protocol";
import { z } from "zod";
import type { MountedEndpoint, RouteCaller, RouteDescription } from "./route-description";

type JsonObject = Record<string, unknown>;

/** A group of paths documented together: their prefix, tags and error answer. */
export interface OpenApiPathGroup {
  /** The mount prefix whose routes this group documents, e.g. `/api/v1` or `/functions`. */
  prefix: string;
  /** The operation's tag from its path below the prefix. */
  tagOf(pathBelowPrefix: string): string;
  /** The error answer of these routes (4XX). */
  error: { description: string; schema: z.ZodType; headers?: Record<string, JsonObject> };
}

export interface OpenApiDocumentOptions {
  title: string;
  version: string;
  description: string;
  /** The server's configured public URL (never the request's Host). */
  serverUrl: string;
  endpoints: readonly MountedEndpoint[];
  groups: readonly OpenApiPathGroup[];
  tags?: readonly { name: string; description: string }[];
}

/** The request headers of the auth protocol (contract §1.2), as OpenAPI security schemes. */
export const authSecuritySchemes = {
  accessType: headerScheme(
    "x-stack-access-type",
    "`client`, `server` or `admin`: the access level the request asks for. Every `x-stack-*` header may also be spelt `x-hexclave-*`.",
  ),
  projectId: headerScheme("x-stack-project-id", "The project's id (`internal` or a UUID)."),
  publishableClientKey: headerScheme(
    "x-stack-publishable-client-key",
    "Client access: the project's publishable client key (`pck_…`), when the project requires one.",
  ),
  secretServerKey: headerScheme(
    "x-stack-secret-server-key",
    "Server access: a secret server key (`ssk_…`).",
  ),
  superSecretAdminKey: headerScheme(
    "x-stack-super-secret-admin-key",
    "Admin access: a super secret admin key (`sak_…`).",
  ),
  adminAccessToken: headerScheme(
    "x-stack-admin-access-token",
    "Admin access instead of the admin key: an access token of an `internal` project user who owns the project.",
  ),
  accessToken: headerScheme(
    "x-stack-access-token",
    "The signed-in user's access token (JWT); refreshed with `POST /api/v1/auth/sessions/current/refresh`.",
  ),
  siteAdmin: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description:
      "Content API writes and admin reads: the access token of a user of the site's auth project, as `Authorization: Bearer <token>`.",
  },
} as const;

function headerScheme(name: string, description: string) {
  return { type: "apiKey", in: "header", name, description } as const;
}

type SecurityRequirement = Record<string, string[]>;

/** Each caller's ways in: alternatives of header sets (OpenAPI security requirements). */
function securityOf(description: RouteDescription): SecurityRequirement[] {
  const requirements: SecurityRequirement[] = [];
  const withUser = (requirement: SecurityRequirement) =>
    description.signedIn ? { ...requirement, accessToken: [] } : requirement;
  const project = { accessType: [], projectId: [] };
  const byCaller: Record<RouteCaller, SecurityRequirement[]> = {
    anyone: [{}],
    client: [withUser({ ...project, publishableClientKey: [] }), withUser({ ...project })],
    server: [withUser({ ...project, secretServerKey: [] })],
    admin: [
      withUser({ ...project, superSecretAdminKey: [] }),
      withUser({ ...project, adminAccessToken: [] }),
    ],
    "site-admin": [{ siteAdmin: [] }],
  };
  for (const caller of description.callers) requirements.push(...byCaller[caller]);
  return requirements;
}

/**
 * zod schemas to JSON Schema, with the definitions zod pulls out (recursive and shared parts)
 * moved to `components.schemas`: a `#/$defs/...` reference inside an operation would point at the
 * document's root, where there are none.
 */
class SchemaConverter {
  readonly components: Record<string, JsonObject> = {};
  #count = 0;

  convert(schema: z.ZodType): JsonObject {
    const json = z.toJSONSchema(schema, {
      io: "input",
      target: "draft-2020-12",
      // Refinements and transforms cannot be written in JSON Schema; their input side is.
      unrepresentable: "any",
    }) as JsonObject;
    delete json.$schema;
    const defs = (json.$defs ?? {}) as Record<string, JsonObject>;
    delete json.$defs;
    const names = new Map<string, string>();
    for (const key of Object.keys(defs)) names.set(`#/$defs/${key}`, this.#nextName());
    let rootName: string | undefined;
    const rewrite = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(rewrite);
      if (typeof node !== "object" || node === null) return node;
      const out: JsonObject = {};
      for (const [key, value] of Object.entries(node)) {
        if (key === "$ref" && typeof value === "string") {
          if (value === "#") {
            rootName ??= this.#nextName();
            out.$ref = `#/components/schemas/${rootName}`;
          } else {
            out.$ref = `#/components/schemas/${names.get(value) ?? value}`;
          }
        } else {
          out[key] = rewrite(value);
        }
      }
      return out;
    };
    for (const [key, def] of Object.entries(defs)) {
      const name = names.get(`#/$defs/${key}`);
      if (name) this.components[name] = rewrite(def) as JsonObject;
    }
    const converted = rewrite(json) as JsonObject;
    if (rootName) {
      this.components[rootName] = converted;
      return { $ref: `#/components/schemas/${rootName}` };
    }
    return converted;
  }

  #nextName(): string {
    this.#count += 1;
    return `Schema${this.#count}`;
  }
}

/** `/users/:user_id` → `/users/{user_id}` (and a regex-constrained `:x{...}` → `{x}`). */
export function toOpenApiPath(honoPath: string): string {
  return honoPath.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, "{$1}");
}

function pathParameterNames(honoPath: string): string[] {
  return [...honoPath.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? "");
}

function objectProperties(json: JsonObject): [string, JsonObject, boolean][] {
  const properties = (json.properties ?? {}) as Record<string, JsonObject>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, schema]) => [name, schema, required.has(name)]);
}

const methodsWithoutBody = new Set(["GET", "DELETE", "HEAD"]);

function describeAccess(description: RouteDescription): string {
  const names = description.callers.map((caller) =>
    caller === "anyone" ? "anyone" : caller === "site-admin" ? "a site admin" : `${caller} access`,
  );
  return `Who may call: ${names.join(", ")}${description.signedIn ? "; needs a signed-in user" : ""}.`;
}

function requestBodyOf(
  description: RouteDescription,
  converter: SchemaConverter,
): JsonObject | undefined {
  const mediaType = description.bodyMediaType ?? "application/json";
  if (description.body) {
    return {
      required: true,
      content: { [mediaType]: { schema: converter.convert(description.body) } },
    };
  }
  const byAccess = description.bodyByAccess;
  if (!byAccess) return undefined;
  // One variant per distinct schema, titled with the access types that send it.
  const variants = new Map<z.ZodType, string[]>();
  for (const type of accessTypes) {
    const schema = byAccess[type];
    if (schema) variants.set(schema, [...(variants.get(schema) ?? []), type]);
  }
  const anyOf = [...variants].map(([schema, types]) => ({
    ...converter.convert(schema),
    title: `${types.join(" or ")} access`,
  }));
  return {
    required: true,
    description: "The body's schema depends on the access type: one variant per access type.",
    content: { [mediaType]: { schema: anyOf.length === 1 ? anyOf[0] : { anyOf } } },
  };
}

function operationOf(
  endpoint: MountedEndpoint & { description: RouteDescription },
  group: OpenApiPathGroup,
  errorSchemaName: string,
  converter: SchemaConverter,
): JsonObject {
  const { description } = endpoint;
  const below = endpoint.path.slice(group.prefix.length) || "/";
  const parameters: JsonObject[] = [];
  const params = description.params ? converter.convert(description.params) : { properties: {} };
  const described = new Map(objectProperties(params).map(([name, schema]) => [name, schema]));
  for (const name of pathParameterNames(endpoint.path)) {
    parameters.push({
      name,
      in: "path",
      required: true,
      schema: described.get(name) ?? { type: "string" },
    });
  }
  if (description.query) {
    for (const [name, schema, required] of objectProperties(converter.convert(description.query))) {
      parameters.push({ name, in: "query", required, schema });
    }
  }
  const operation: JsonObject = {
    operationId: `${endpoint.method.toLowerCase()}${toOpenApiPath(endpoint.path)
      .replace(/[{}]/g, "")
      .replace(/[^A-Za-z0-9]+(.)?/g, (_, next: string | undefined) => (next ?? "").toUpperCase())}`,
    summary: description.summary,
    description: [description.description, describeAccess(description)]
      .filter(Boolean)
      .join("\n\n"),
    tags: [group.tagOf(below)],
    security: securityOf(description),
  };
  if (parameters.length > 0) operation.parameters = parameters;
  const body = methodsWithoutBody.has(endpoint.method)
    ? undefined
    : requestBodyOf(description, converter);
  if (body) operation.requestBody = body;
  const success: JsonObject = { description: "Success" };
  if (description.response) {
    success.content = {
      [description.responseMediaType ?? "application/json"]: {
        schema: converter.convert(description.response),
      },
    };
  } else if (description.responseMediaType) {
    success.content = { [description.responseMediaType]: {} };
  }
  operation.responses = {
    [String(description.successStatus ?? 200)]: success,
    "4XX": {
      description: group.error.description,
      ...(group.error.headers ? { headers: group.error.headers } : {}),
      content: {
        "application/json": { schema: { $ref: `#/components/schemas/${errorSchemaName}` } },
      },
    },
  };
  return operation;
}

/** The OpenAPI 3.1 document of the endpoints under the groups' prefixes. */
export function buildOpenApiDocument(options: OpenApiDocumentOptions): JsonObject {
  const converter = new SchemaConverter();
  const paths: Record<string, Record<string, JsonObject>> = {};
  const errorNames = new Map<OpenApiPathGroup, string>();
  for (const group of options.groups) {
    const name = `${group.prefix.replace(/[^A-Za-z0-9]+(.)?/g, (_, next: string | undefined) => (next ?? "").toUpperCase())}Error`;
    errorNames.set(group, name);
    converter.components[name] = converter.convert(group.error.schema);
  }
  const sorted = [...options.endpoints].sort((a, b) =>
    a.path === b.path ? a.method.localeCompare(b.method) : a.path.localeCompare(b.path),
  );
  for (const endpoint of sorted) {
    const { description } = endpoint;
    if (!description) continue;
    const group = options.groups.find((candidate) =>
      endpoint.path.startsWith(`${candidate.prefix}/`),
    );
    if (!group) continue;
    // A route on every method (`app.all`) is documented as what it answers, a GET.
    const method = endpoint.method === "ALL" ? "GET" : endpoint.method;
    const operation = operationOf(
      { ...endpoint, method, description },
      group,
      errorNames.get(group) ?? "",
      converter,
    );
    const path = toOpenApiPath(endpoint.path);
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = operation;
  }
  return {
    openapi: "3.1.1",
    info: { title: options.title, version: options.version, description: options.description },
    servers: [{ url: options.serverUrl }],
    ...(options.tags ? { tags: options.tags } : {}),
    paths,
    components: {
      schemas: converter.components,
      securitySchemes: authSecuritySchemes,
    },
  };
}
