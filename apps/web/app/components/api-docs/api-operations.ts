/**
 * @module
 * The API reference page's reading of the OpenAPI document (`/api/v1/openapi.json`): its
 * operations grouped by tag, each with what a reader needs to call it. Only the parts the page
 * shows are kept, so the page's data stays small; the document itself is one link away.
 */

type JsonObject = Record<string, unknown>;

export interface ApiParameter {
  name: string;
  location: string;
  required: boolean;
  type: string;
}

export interface ApiOperation {
  /** Unique on the page: the anchor of the operation's heading. */
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  parameters: ApiParameter[];
  /** The request body's media type and JSON Schema, pretty-printed. */
  body: { mediaType: string; schema: string } | null;
  /** The success status and the error statuses' class, e.g. `201` and `4XX`. */
  responses: string[];
}

export interface ApiTag {
  name: string;
  operations: ApiOperation[];
}

export interface ApiReference {
  title: string;
  version: string;
  description: string;
  serverUrl: string;
  tags: ApiTag[];
  /** Security schemes: how a request says who sends it. */
  credentials: { name: string; description: string }[];
}

const asObject = (value: unknown): JsonObject =>
  typeof value === "object" && value !== null ? (value as JsonObject) : {};
const asString = (value: unknown): string => (typeof value === "string" ? value : "");

function typeOf(schema: JsonObject): string {
  if (Array.isArray(schema.enum)) return schema.enum.map(String).join(" | ");
  if (Array.isArray(schema.type)) return schema.type.join(" | ");
  return asString(schema.type) || "any";
}

function credentialOf(scheme: JsonObject): string {
  const where =
    scheme.type === "apiKey"
      ? `Header ${asString(scheme.name)}`
      : `Authorization: ${asString(scheme.scheme)}`;
  return `${where}: ${asString(scheme.description)}`;
}

/** The page's view of the document; unknown or missing parts are left out, never guessed. */
export function readApiReference(document: unknown): ApiReference {
  const root = asObject(document);
  const info = asObject(root.info);
  const servers = Array.isArray(root.servers) ? root.servers : [];
  const tags = new Map<string, ApiOperation[]>();
  for (const [path, item] of Object.entries(asObject(root.paths))) {
    for (const [method, value] of Object.entries(asObject(item))) {
      const operation = asObject(value);
      const body = asObject(asObject(operation.requestBody).content);
      const [mediaType, media] = Object.entries(body)[0] ?? [];
      const parameters = (Array.isArray(operation.parameters) ? operation.parameters : []).map(
        (parameter) => {
          const entry = asObject(parameter);
          return {
            name: asString(entry.name),
            location: asString(entry.in),
            required: entry.required === true,
            type: typeOf(asObject(entry.schema)),
          };
        },
      );
      const tag = (Array.isArray(operation.tags) ? asString(operation.tags[0]) : "") || "other";
      const list = tags.get(tag) ?? [];
      list.push({
        id: asString(operation.operationId) || `${method}-${path}`,
        method: method.toUpperCase(),
        path,
        summary: asString(operation.summary),
        description: asString(operation.description),
        parameters,
        body: mediaType
          ? { mediaType, schema: JSON.stringify(asObject(media).schema ?? {}, null, 2) }
          : null,
        responses: Object.keys(asObject(operation.responses)),
      });
      tags.set(tag, list);
    }
  }
  return {
    title: asString(info.title),
    version: asString(info.version),
    description: asString(info.description),
    serverUrl: asString(asObject(servers[0]).url),
    tags: [...tags]
      .map(([name, operations]) => ({ name, operations }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    credentials: Object.entries(asObject(asObject(root.components).securitySchemes)).map(
      ([name, scheme]) => ({ name, description: credentialOf(asObject(scheme)) }),
    ),
  };
}
