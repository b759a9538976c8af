/**
 * Fuzz test of the auth API (issue 14): a fixed corpus of malformed requests sent to every route of
 * its mount table (`api.routes`). Any 5xx fails the test; the failure lists each request that got
 * one, with the cause the error handler logged.
 *
 * Deterministic: no randomness. Path parameters take a plausible value (the test user, its team, a
 * fixed UUID) or one of a series of malformed ones. Bodies and query names are found per route from
 * the API's own SCHEMA_ERROR answers (which required fields are missing, which names of a dictionary
 * are unknown), so malformed values land in fields the route takes and get past validation to the
 * code and queries behind it. To stay within seconds, each malformed request goes out once, the
 * access types (client, server, admin) taking turns, and the corpora that only reach the shared
 * edge of the API (parser, input guard) are spread over the routes in turn rather than sent to each.
 * Routes that delete come last, so the user, team and project live until then.
 * @see issue 14 (security), defect 3
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAuthApi, type TestAuthApi, type TestUser } from "../testing/test-auth-api";

const accessTypes = ["client", "server", "admin"] as const;
type Access = (typeof accessTypes)[number];

const unknownUuid = "00000000-0000-4000-8000-000000000000";
/** Loopback, port 9 (discard): a URL the API may store or call fails at once and goes nowhere. */
const loopbackUrl = "http://127.0.0.1:9/fuzz";

interface FuzzRequest {
  method: string;
  path: string;
  access: Access;
  /** Raw body text; `undefined` sends none. */
  body?: string | Uint8Array<ArrayBuffer>;
  contentType?: string;
  label: string;
}

interface Failure {
  request: string;
  status: number;
  cause: string;
}

// ---------------------------------------------------------------------------------------------
// The corpus

/** Malformed values for path parameters (percent-encoded as they go on the wire). */
const malformedPathValues = [
  "%00",
  "%ED%A0%80", // a UTF-8 encoded lone surrogate: invalid UTF-8
  "%",
  "not-a-uuid",
  "99999999999999999999999",
  "..%2F..%2Fetc",
  "%F0%9F%92%A5", // a valid emoji: must not be refused as malformed
  "a".repeat(4000),
];

/** Sent to every route, whatever query it reads. */
const genericQueries = ["query=%00&%00=1", "a=%&b=%ED%A0%80"];

/** Query names the routes read; sent together, the SCHEMA_ERROR says which a route does not know. */
const queryDictionary = [
  "query",
  "user_id",
  "team_id",
  "limit",
  "cursor",
  "order_by",
  "desc",
  "include_anonymous",
  "permission_id",
  "recursive",
  "type",
];

/** Malformed values for each query name a route reads: the first always, two more in turn. */
const malformedQueryValues = [
  "%00",
  "%",
  "a".repeat(20_000),
  "not-a-uuid",
  "1e400",
  "99999999999999999999999",
  "-1",
  "%ED%A0%80",
];

/**
 * Keys naming Object.prototype's members: a shape or dictionary looked up with them finds inherited
 * functions unless the lookup asks for own keys (issue 28: the content API answered 500).
 */
const prototypeKeys = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"];

/** `base`'s JSON with every prototype key added as an own property. */
function prototypeKeysBody(base: Record<string, unknown> = {}): string {
  const body: Record<string, unknown> = { ...base };
  for (const key of prototypeKeys) Object.defineProperty(body, key, { value: 1, enumerable: true });
  return JSON.stringify(body);
}

/**
 * Whole bodies that reach the route (after the body parser): every route that takes a body gets
 * each of them. [content type, body, label]
 */
const routeBodies: [string | undefined, string | Uint8Array<ArrayBuffer>, string][] = [
  ["application/json", '["not", "an", "object"]', "an array"],
  ["application/json", "null", "null"],
  ["application/json", "1e400", "a huge number"],
  ["application/json", "", "an empty JSON body"],
  ["application/json", `{"a":"${"x".repeat(200_000)}"}`, "a long string"],
  [undefined, "{}", "no content type"],
  ["text/plain", "{}", "JSON as text/plain"],
  ["application/octet-stream", new Uint8Array([0, 255, 0xed, 0xa0, 0x80]), "bytes"],
  ["application/json", prototypeKeysBody(), "prototype keys"],
];

/**
 * Whole bodies the edge of the API refuses (parser and input guard, the same code for every
 * route): each route gets three of them in turn, so every one reaches many routes.
 */
const edgeBodies: [string | undefined, string | Uint8Array<ArrayBuffer>, string][] = [
  ["application/json", "{not json", "invalid JSON"],
  ["application/json", `${"[".repeat(5000)}${"]".repeat(5000)}`, "arrays nested 5,000 deep"],
  ["application/json", `${'{"a":'.repeat(100)}1${"}".repeat(100)}`, "objects nested 100 deep"],
  ["application/json", '"\\u0000"', "a NUL string"],
  ["application/json", '{"\\u0000":1}', "a NUL property name"],
  ["application/json", '{"a":["\\ud800"]}', "a lone surrogate"],
  ["text/plain", "a\u0000b", "text with a NUL"],
  ["application/xml", "<a/>", "XML"],
  ["multipart/form-data", "--x\r\n\r\n--x--", "multipart without boundary"],
  ["application/x-www-form-urlencoded", "client_id=%00&grant_type=refresh_token", "form with %00"],
  ["application/x-www-form-urlencoded", "%00=1&a=%ZZ&b=%ED%A0%80", "form with bad escapes"],
];

/**
 * JSON texts put in one field at a time (raw, so that `1e400` stays what it is): NUL and the lone
 * surrogate go in every field, two of the others in turn.
 */
const malformedFieldValues = [
  '"fuzz\\u0000nul"',
  '"\\ud800"',
  `"${"a".repeat(100_000)}"`,
  "1e400",
  "99999999999999999999999",
  "-1",
  "1.5",
  "[]",
  "{}",
  "null",
  `${"[".repeat(60)}${"]".repeat(60)}`,
];
const alwaysTriedFieldValues = 2;

/**
 * For fields that carry JSON text (`config_string`, `config_override_string`): JSON the edge of the
 * API cannot see, since it is a string there.
 */
const malformedJsonTextValues = [
  JSON.stringify(`${"[".repeat(5000)}${"]".repeat(5000)}`),
  JSON.stringify('{"domains.trustedDomains.fuzz":{"baseUrl":"https://a\\u0000b"}}'),
  JSON.stringify('{"\\ud800":1}'),
  JSON.stringify("{not json"),
];

/** Field names the routes use, offered together; the SCHEMA_ERROR says which a route does not know. */
const fieldDictionary = [
  "display_name",
  "description",
  "primary_email",
  "primary_email_verified",
  "primary_email_auth_enabled",
  "password",
  "client_metadata",
  "client_read_only_metadata",
  "server_metadata",
  "profile_image_url",
  "selected_team_id",
  "is_anonymous",
  "totp_secret_base64",
  "otp_auth_enabled",
  "passkey_auth_enabled",
  "restricted_by_admin",
  "restricted_by_admin_reason",
  "restricted_by_admin_private_details",
  "user_id",
  "team_id",
  "creator_user_id",
  "value",
  "type",
  "used_for_auth",
  "is_verified",
  "is_primary",
  "expires_at_millis",
  "is_public",
  "url",
  "callback_url",
  "email",
  "code",
  "scope",
  "id",
  "permission_id",
  "contained_permission_ids",
  "config_override_string",
  "metadata",
  "name",
  "subject",
  "html",
  "theme_id",
  "template_id",
  "tsx_source",
  "user_ids",
  "all_users",
  "quantity",
  "expires_in_millis",
  "refresh_token",
  "api_key",
  "grant_type",
  "client_id",
  "client_secret",
];

// ---------------------------------------------------------------------------------------------
// The harness

let t: TestAuthApi;
let user: TestUser;
let teamId: string;
const loggedErrors: string[] = [];

beforeAll(async () => {
  t = await createTestAuthApi({
    // Configured, so the webhook routes check signatures instead of answering 503 "not set up".
    env: { STRIPE_WEBHOOK_SECRET: "whsec_fuzz", STACK_RESEND_WEBHOOK_SECRET: "whsec_fuzz" },
    logger: {
      info: () => {},
      warn: () => {},
      error: (data, message) => {
        const error = (data as { err?: { message?: string } }).err;
        loggedErrors.push(`${message}: ${String(error?.message ?? JSON.stringify(data))}`);
      },
    },
  });
  user = await t.signUpUser();
  const team = await t.request("/teams", {
    accessType: "server",
    body: { display_name: "Fuzz team", creator_user_id: user.userId },
  });
  teamId = ((await team.json()) as { id: string }).id;
});
afterAll(async () => {
  await t?.close();
});

function plausibleParam(name: string): string {
  if (name === "user_id" || name === "customer_id") return user.userId;
  if (name === "team_id") return teamId;
  if (name === "project_id") return "internal";
  if (name === "provider_id") return "github";
  if (name === "level") return "environment";
  if (name === "customer_type") return "user";
  if (name === "item_id" || name === "store_id") return "fuzz";
  return unknownUuid;
}

function plausibleField(name: string): unknown {
  if (name.includes("email") && !name.endsWith("_enabled") && !name.endsWith("_verified")) {
    return "fuzz@example.com";
  }
  if (name.includes("password")) return "password123";
  if (name.endsWith("_url") || name === "url") return loopbackUrl;
  if (name === "user_id" || name === "creator_user_id") return user.userId;
  if (name === "team_id") return teamId;
  if (name.endsWith("_millis")) return 4_102_444_800_000;
  if (name.endsWith("_metadata") || name === "metadata") return { fuzz: true };
  if (name.startsWith("is_") || name.endsWith("_enabled") || name.endsWith("_verified")) {
    return false;
  }
  if (name.endsWith("_ids")) return [];
  return "fuzz";
}

/** A value of the type a SCHEMA_ERROR line asks for, or undefined when the line says nothing usable. */
function valueFromProblem(problem: string): unknown {
  if (problem.includes("must be a `number` type")) return 1;
  if (problem.includes("must be a `boolean` type")) return false;
  if (problem.includes("must be a `object` type")) return {};
  if (problem.includes("must be a `array` type")) return [];
  if (problem.includes("must be a `string` type")) return "fuzz";
  if (problem.includes("must be a valid UUID")) return unknownUuid;
  if (problem.includes("must be a valid email")) return "fuzz@example.com";
  if (problem.includes("must be a valid URL")) return loopbackUrl;
  const oneOf = problem.match(/must be one of the following values: ([^,\s]+)/);
  if (oneOf) return oneOf[1];
  return undefined;
}

async function send(request: FuzzRequest): Promise<Response> {
  const headers: Record<string, string> = {};
  if (request.contentType !== undefined) headers["content-type"] = request.contentType;
  return t.app.request(request.path, {
    method: request.method,
    headers: {
      "x-stack-access-type": request.access,
      "x-stack-project-id": "internal",
      "x-stack-publishable-client-key": t.internalProject.keys.publishableClientKey,
      "x-stack-secret-server-key": t.internalProject.keys.secretServerKey,
      "x-stack-super-secret-admin-key": t.internalProject.keys.superSecretAdminKey,
      "x-stack-access-token": user.accessToken,
      "x-stack-allow-anonymous-user": "true",
      ...headers,
    },
    ...(request.body === undefined ? {} : { body: request.body }),
  });
}

function describeRequest(request: FuzzRequest): string {
  const path = request.path.length > 160 ? `${request.path.slice(0, 160)}…` : request.path;
  return `${request.access} ${request.method} ${path} [${request.label}]`;
}

const failures: Failure[] = [];
let requestCount = 0;

async function fuzz(request: FuzzRequest): Promise<Response> {
  requestCount++;
  const logged = loggedErrors.length;
  const response = await send(request);
  if (response.status >= 500) {
    const body = await response.clone().text();
    failures.push({
      request: describeRequest(request),
      status: response.status,
      cause: loggedErrors.slice(logged).join(" | ").slice(0, 600) || body.slice(0, 600),
    });
  }
  return response;
}

/** The SCHEMA_ERROR problem lines of an answer, or none. */
async function schemaProblems(response: Response): Promise<string[]> {
  if (response.headers.get("x-stack-known-error") !== "SCHEMA_ERROR") return [];
  const body = (await response.json()) as { error: string };
  return body.error
    .split("\n")
    .slice(1)
    .map((line) => line.replace(/^ {2}- /, ""));
}

/**
 * A body the route accepts (as far as its schema goes) and the fields it knows: required fields are
 * filled from the "must be defined" lines, their types from the type lines, and the dictionary's
 * fields that the route does not list as unknown are added.
 */
async function learnBody(
  method: string,
  path: string,
  access: Access,
): Promise<{ base: Record<string, unknown>; fields: string[] }> {
  const base: Record<string, unknown> = {};
  const probe = async (body: Record<string, unknown>, label: string) =>
    schemaProblems(
      await fuzz({
        method,
        path,
        access,
        body: JSON.stringify(body),
        contentType: "application/json",
        label,
      }),
    );
  for (let round = 0; round < 4; round++) {
    const problems = await probe(base, "probe for required fields");
    let changed = false;
    for (const problem of problems) {
      const match = problem.match(/^body\.(\w+) (.*)$/);
      if (!match?.[1] || !match[2]) continue;
      const [, name, rest] = match;
      const next = rest === "must be defined" ? plausibleField(name) : valueFromProblem(rest);
      if (next !== undefined && JSON.stringify(next) !== JSON.stringify(base[name])) {
        base[name] = next;
        changed = true;
      }
    }
    if (!changed) break;
  }
  const offered = fieldDictionary.filter((name) => !(name in base));
  const withAll = { ...base };
  for (const name of offered) withAll[name] = plausibleField(name);
  const problems = await probe(withAll, "probe for known fields");
  const unknownLine = problems.find((problem) => problem.startsWith("body contains unknown"));
  const unknown = new Set(unknownLine?.replace(/^.*: /, "").split(", ") ?? []);
  // Without that line the route stopped before validating the body (or takes any field).
  const known = unknownLine ? offered.filter((name) => !unknown.has(name)) : [];
  return { base, fields: [...Object.keys(base), ...known] };
}

/**
 * The query names of the dictionary that a route reads: all are sent with plausible values, and the
 * SCHEMA_ERROR's "query contains unknown properties" line names the others. Routes that take any
 * query name (the OAuth authorize query) or none at all are left to the generic queries.
 */
async function learnQuery(method: string, path: string, access: Access): Promise<string[]> {
  const query = queryDictionary
    .map((name) => `${name}=${encodeURIComponent(String(plausibleField(name)))}`)
    .join("&");
  const problems = await schemaProblems(
    await fuzz({ method, access, path: `${path}?${query}`, label: "probe for query names" }),
  );
  const unknownLine = problems.find((problem) => problem.startsWith("query contains unknown"));
  if (!unknownLine) return [];
  const unknown = new Set(unknownLine.replace(/^.*: /, "").split(", "));
  return queryDictionary.filter((name) => !unknown.has(name));
}

interface Route {
  method: string;
  path: string;
}

function mountTable(): Route[] {
  const seen = new Set<string>();
  const routes: Route[] = [];
  for (const route of t.api.routes) {
    // Middleware is mounted on wildcards; every endpoint has a concrete path.
    if (route.path.endsWith("*")) continue;
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push({ method: route.method === "ALL" ? "GET" : route.method, path: route.path });
  }
  // Deleting the user, project or team first would leave the rest of the run without them.
  const destructive = (route: Route) =>
    route.method === "DELETE" ? (/\/(me|current|:user_id|:team_id)$/.test(route.path) ? 2 : 1) : 0;
  return routes.sort((a, b) => destructive(a) - destructive(b));
}

function fillPath(path: string, value: (name: string) => string): string {
  return `/api/v1${path.replace(/:(\w+)/g, (_, name: string) => value(name))}`;
}

/** Items `first` and `count` more from the rest of `list`, the rest taken in turn by `turn`. */
function inTurn<T>(list: readonly T[], always: number, count: number, turn: number): T[] {
  const rest = list.slice(always);
  const picked = Array.from({ length: Math.min(count, rest.length) }, (_, index) => {
    return rest[(turn * count + index) % rest.length] as T;
  });
  return [...list.slice(0, always), ...picked];
}

// ---------------------------------------------------------------------------------------------

describe("fuzz: malformed requests on every route of the auth API (security)", () => {
  it("never answers 5xx", { timeout: 300_000 }, async () => {
    const routes = mountTable();
    expect(routes.length).toBeGreaterThan(100);
    let turn = 0;
    // The access types take turns (each route is asked with all three).
    const nextAccess = (): Access => accessTypes[turn++ % accessTypes.length] ?? "client";
    for (const route of routes) {
      const { method } = route;
      const plausiblePath = fillPath(route.path, plausibleParam);
      for (const value of malformedPathValues) {
        const path = fillPath(route.path, () => value);
        if (path !== plausiblePath)
          await fuzz({ method, access: nextAccess(), path, label: "path" });
      }
      for (const query of genericQueries) {
        const path = `${plausiblePath}?${query}`;
        await fuzz({ method, access: nextAccess(), path, label: "query" });
      }
      if (method === "GET") {
        for (const access of ["client", "admin"] as const) {
          for (const name of await learnQuery(method, plausiblePath, access)) {
            for (const value of inTurn(malformedQueryValues, 1, 2, turn++)) {
              const path = `${plausiblePath}?${name}=${value}`;
              await fuzz({ method, access, path, label: `query.${name}` });
            }
          }
        }
        continue;
      }
      const bodies = [...routeBodies, ...inTurn(edgeBodies, 0, 3, turn++)];
      for (const [contentType, body, label] of bodies) {
        await fuzz({
          method,
          access: nextAccess(),
          path: plausiblePath,
          body,
          ...(contentType === undefined ? {} : { contentType }),
          label,
        });
      }
      // Malformed values in the fields the route's schemas take (client's and admin's differ).
      const learned = new Map<Access, Awaited<ReturnType<typeof learnBody>>>();
      for (const access of ["client", "admin"] as const) {
        learned.set(access, await learnBody(method, plausiblePath, access));
      }
      // The prototype keys beside a body the route takes, so they get past its required fields.
      for (const [access, body] of learned) {
        await fuzz({
          method,
          access,
          path: plausiblePath,
          body: prototypeKeysBody(body.base),
          contentType: "application/json",
          label: "prototype keys beside the fields",
        });
      }
      const fields = [...new Set([...learned.values()].flatMap((body) => body.fields))];
      for (const field of fields) {
        const takers = [...learned.keys()].filter((type) =>
          learned.get(type)?.fields.includes(field),
        );
        const values = [
          ...inTurn(malformedFieldValues, alwaysTriedFieldValues, 2, turn++),
          ...(field.endsWith("_string") ? malformedJsonTextValues : []),
        ];
        for (const [index, value] of values.entries()) {
          const access = takers[index % takers.length] ?? "admin";
          const rest = JSON.stringify({ ...learned.get(access)?.base, [field]: undefined });
          const body = `${rest.slice(0, -1)}${rest.length > 2 ? "," : ""}"${field}":${value}}`;
          await fuzz({
            method,
            access,
            path: plausiblePath,
            body,
            contentType: "application/json",
            label: `body.${field} = ${value.slice(0, 40)}`,
          });
        }
      }
    }
    expect(failures).toEqual([]);
    // The probes found the fields and query names (a few thousand requests on today's routes).
    expect(requestCount).toBeGreaterThan(2500);
  });
});
