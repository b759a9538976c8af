/**
 * The integration OAuth flow's OpenID provider, one per integration family (the reference's
 * `/integrations/{neon,custom}/oauth/idp`): a partner sends its user through an authorization
 * code flow with PKCE, the user confirms on the dashboard which project to connect, and the
 * partner's token exchange receives that project's new admin key.
 *
 * The protocol is oidc-provider's (the library the reference uses), mounted under
 * `{PUBLIC_URL}/api/v1/integrations/{family}/oauth/idp`. Its requests are handed to it in-process
 * (light-my-request) with the host of `PUBLIC_URL`, never the incoming `Host`, so every address it
 * writes is the server's own. Two steps are ours, as the reference's:
 * - `GET /interaction/:uid` sends the user to the dashboard's confirmation page
 *   (`{dashboard}/integrations/{family}/confirm?interaction_uid=…`);
 * - `/interaction/:uid/done?code=…` (a GET that posts itself, then the POST) takes the dashboard's
 *   one-time code for that interaction, makes the provider's account for it and finishes the
 *   interaction, so the provider redirects to the partner with an authorization code.
 * @module
 */
import { hkdfSync, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Response as InjectedResponse } from "light-my-request";
import type { ClientMetadata, default as Provider } from "oidc-provider";
import type { IntegrationClient } from "../../config";
import type { AuthDeps } from "../auth-deps";
import { escapeHtml } from "../shared/escape-html";
import {
  createIdpAccount,
  createIdpAdapterClass,
  type IntegrationTokenResult,
  idpAccountLifetimeSeconds,
  loadIdpSigningKey,
  takeIdpAccountResult,
  useConfirmationCode,
} from "./integration-idp-store";
import type { IntegrationKind } from "./provisioned-projects";

/** The context of the provider's middleware (Koa's). */
type KoaContext = Parameters<Parameters<Provider["use"]>[0]>[0];

type IdpDeps = Pick<AuthDeps, "db" | "clock" | "secrets" | "baseUrl" | "config" | "logger">;

/** The reference's provider ids, which name each family's records. */
export const integrationIdpId = (kind: IntegrationKind) =>
  `stack-preconfigured-idp:integrations/${kind}`;

/** Where the provider is mounted, below the server's public origin. */
export const integrationIdpPath = (kind: IntegrationKind) =>
  `/api/v1/integrations/${kind}/oauth/idp`;

/**
 * The page a browser gets from `GET /interaction/:uid/done`: it posts itself to the same address
 * (a GET must not change anything, yet the dashboard sends the user there by a plain redirect),
 * and shows a Continue button if scripts do not run. The reference's page, byte for byte: its
 * suite compares the body.
 */
const continuePage = `
            <html>
              <head>
                <title>Redirecting... — Stack Auth</title>
                <style id="gradient-style">
                  body {
                    color: white;
                    background-image: linear-gradient(45deg, #000, #444, #000, #444, #000, #444, #000);
                    background-size: 400% 400%;
                    background-repeat: no-repeat;
                    animation: celebrate-gradient 60s linear infinite;
                    min-height: 100vh;
                  }
                  @keyframes celebrate-gradient {
                    0% { background-position: 0% 100%; }
                    100% { background-position: 100% 0%; }
                  }
                </style>
              </head>
              <body>
                <form id="continue-form" method="POST">
                  If you are not redirected, please press the button below.<br>
                  <input type="submit" value="Continue">
                </form>
                <script>
                  document.getElementById('continue-form').style.visibility = 'hidden';
                  document.getElementById('continue-form').submit();
                  setTimeout(() => {
                    document.getElementById('gradient-style').remove();
                    document.getElementById('continue-form').style.visibility = 'visible';
                  }, 12000);
                </script>
              </body>
            </html>
          `;

/** A path segment decoded; one with a broken escape stays as sent (it then matches no uid). */
function decodedOrRaw(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The partner's name for its project, from the `state` it sent (base64url JSON), if any. */
export function externalProjectNameOf(state: unknown): string | undefined {
  if (typeof state !== "string" || state === "") return undefined;
  try {
    const decoded = JSON.parse(Buffer.from(state, "base64url").toString("utf8")) as {
      details?: { external_project_name?: unknown; neon_project_name?: unknown };
    };
    const name = decoded.details?.external_project_name ?? decoded.details?.neon_project_name;
    return typeof name === "string" ? name : undefined;
  } catch {
    // A state that is not ours to read: the confirmation page goes without the name.
    return undefined;
  }
}

/** Clients that take part in the OAuth flow: those with redirect URIs (others only provision). */
function oidcClientsOf(clients: readonly IntegrationClient[]): ClientMetadata[] {
  return clients
    .filter((client) => Array.isArray(client.redirect_uris) && client.redirect_uris.length > 0)
    .map((client) => ({
      ...client,
      // Our clients authenticate at the token endpoint with HTTP Basic, as the reference's do.
      token_endpoint_auth_method: "client_secret_basic",
      grant_types: ["authorization_code"],
      response_types: ["code" as const],
    }));
}

export interface IntegrationIdp {
  /** Answers a request below the provider's path (`subPath` starts with `/`). */
  handle(request: Request, subPath: string): Promise<Response>;
  /**
   * The client's token exchange (`POST /oauth/token`): the provider checks the client, the code,
   * the PKCE verifier and the redirect URI; the answer is the admin key of the account the
   * code's access token names, once. A refusal is the provider's own answer, as text.
   */
  exchangeCode(
    form: Record<string, string>,
    authorization: string,
  ): Promise<
    { ok: true; result: IntegrationTokenResult } | { ok: false; status: number; body: string }
  >;
}

interface IdpOptions {
  kind: IntegrationKind;
  clients: readonly IntegrationClient[];
  /** The dashboard's base URL, where the confirmation page lives. */
  dashboardUrl: string;
}

async function createProvider(deps: IdpDeps, options: IdpOptions): Promise<Provider> {
  const idpId = integrationIdpId(options.kind);
  const issuer = `${deps.baseUrl}${integrationIdpPath(options.kind)}`;
  const secretsKey = deps.config.SECRETS_KEY;
  if (!secretsKey)
    throw new Error("SECRETS_KEY is not set: the integration provider signs cookies with it.");
  const cookieKey = Buffer.from(
    hkdfSync(
      "sha256",
      secretsKey,
      Buffer.alloc(0),
      `heritage-integration-idp/v1/cookies:${idpId}`,
      32,
    ),
  ).toString("hex");
  const signingKey = await loadIdpSigningKey(deps, idpId);
  // Loaded at the flow's first request: a server that never sees one does not pay for Koa.
  const { default: Provider } = await import("oidc-provider");

  const provider = new Provider(issuer, {
    adapter: createIdpAdapterClass(deps, idpId),
    clients: oidcClientsOf(options.clients),
    cookies: { keys: [cookieKey] },
    jwks: { keys: [signingKey] },
    features: { devInteractions: { enabled: false } },
    scopes: [],
    responseTypes: ["code"],
    // Every lifetime named (the library warns about its defaults): an hour for the user to confirm
    // on the dashboard, ten minutes for the partner to exchange its code, and a finished
    // interaction's grant and session as long as its account.
    ttl: {
      Interaction: 60 * 60,
      AuthorizationCode: 10 * 60,
      AccessToken: 10 * 60,
      IdToken: 10 * 60,
      Grant: idpAccountLifetimeSeconds,
      Session: idpAccountLifetimeSeconds,
    },
    interactions: {
      url: (_ctx, interaction) => `${issuer}/interaction/${encodeURIComponent(interaction.uid)}`,
    },
    // Errors a browser would see are a partner's misconfiguration; answered as JSON, as the reference.
    async renderError(ctx, out) {
      ctx.status = 400;
      ctx.type = "application/json";
      ctx.body = JSON.stringify(out);
    },
    async findAccount(_ctx, sub) {
      return { accountId: sub, claims: async () => ({ sub }) };
    },
  });
  // The public origin may be https behind a proxy: its scheme comes from the header we set.
  provider.proxy = true;
  provider.on("server_error", (_ctx, error) => {
    deps.logger.error({ err: error, idp: idpId }, "integration identity provider error");
  });

  provider.use(async (ctx, next) => {
    const done = /^\/interaction\/([^/]+)\/done$/.exec(ctx.path);
    if (done && ctx.method === "GET") {
      ctx.status = 200;
      ctx.type = "text/html";
      ctx.body = continuePage;
      return;
    }
    if (done && ctx.method === "POST") {
      await finishInteraction(ctx, decodedOrRaw(done[1] ?? ""));
      return;
    }
    const interaction = /^\/interaction\/([^/]+)$/.exec(ctx.path);
    if (interaction && ctx.method === "GET") {
      const details = await provider.interactionDetails(ctx.req, ctx.res);
      const confirm = new URL(`${options.dashboardUrl}/integrations/${options.kind}/confirm`);
      confirm.searchParams.set("interaction_uid", details.uid);
      const name = externalProjectNameOf(details.params.state);
      if (name !== undefined) confirm.searchParams.set("external_project_name", name);
      ctx.redirect(confirm.toString());
      return;
    }
    await next();
  });

  async function finishInteraction(ctx: KoaContext, uid: string): Promise<void> {
    const code = typeof ctx.query.code === "string" ? ctx.query.code : "";
    // The interaction of the browser's cookie; a missing or foreign one is the provider's 400.
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    const used =
      details.uid === uid
        ? await useConfirmationCode(deps, { idpId, code, interactionUid: uid })
        : ({ ok: false, reason: "other-interaction" } as const);
    if (!used.ok) {
      ctx.status = 400;
      ctx.type = "text/plain";
      ctx.body =
        used.reason === "unknown"
          ? "Invalid authorization code. Please try again."
          : "Different interaction UID than expected from the authorization code. Did you redirect to the correct URL?";
      return;
    }
    const accountId = randomUUID();
    await createIdpAccount(deps, {
      idpId,
      accountId,
      projectId: used.projectId,
      result: used.result,
    });
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope("openid");
    const grantId = await grant.save();
    await provider.interactionFinished(ctx.req, ctx.res, {
      login: { accountId },
      consent: { grantId },
    });
  }

  return provider;
}

/** The address every request handed to the provider carries: the server's public one. */
function ownAddress(publicUrl: URL): Record<string, string> {
  return { host: publicUrl.host, "x-forwarded-proto": publicUrl.protocol.replace(":", "") };
}

/** Headers of the incoming request the provider may see; the address is always ours. */
function forwardedHeaders(request: Request, publicUrl: URL): Record<string, string> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    if (name === "host" || name.startsWith("x-forwarded-") || name === "forwarded") return;
    headers[name] = value;
  });
  return { ...headers, ...ownAddress(publicUrl) };
}

/** Response headers the provider writes that are not passed on: the transport's and `_session`. */
function passedOn(name: string, value: string): boolean {
  if (["connection", "transfer-encoding", "content-length", "date", "keep-alive"].includes(name)) {
    return false;
  }
  // No provider session outlives its flow: every partner sign-in starts a new one, as the reference's.
  return !(name === "set-cookie" && /^_session\.?/.test(value));
}

/** The provider's answer as a web Response; 301 and 302 become 308 and 307, as every answer of the API. */
function toResponse(answer: InjectedResponse): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [String(value)]) {
      if (passedOn(name, one)) headers.append(name, one);
    }
  }
  const status =
    ({ 301: 308, 302: 307 } as Record<number, number>)[answer.statusCode] ?? answer.statusCode;
  // An answer without a body (a finished interaction's redirect) goes without a content type.
  const bodiless = status === 204 || status === 304 || answer.rawPayload.length === 0;
  if (bodiless) headers.delete("content-type");
  const redirectPage = redirectPageOf(headers);
  if (redirectPage !== undefined) return new Response(redirectPage, { status, headers });
  return new Response(bodiless ? null : new Uint8Array(answer.rawPayload), { status, headers });
}

/**
 * The body of a redirect a browser was sent as HTML: "Redirecting to <a href=…>…</a>.", as the
 * reference's Koa wrote it (its suite compares it). Koa 2.16 dropped the link because a
 * `javascript:` address would run in it; this provider only ever redirects to http(s) addresses
 * (its own, the dashboard's, and the clients' registered redirect URIs, which the configuration
 * takes as http(s) only), and anything else keeps Koa's text.
 */
function redirectPageOf(headers: Headers): string | undefined {
  const location = headers.get("location");
  if (!location || !/^https?:\/\//i.test(location)) return undefined;
  if (!headers.get("content-type")?.startsWith("text/html")) return undefined;
  const escaped = escapeHtml(location);
  return `Redirecting to <a href="${escaped}">${escaped}</a>.`;
}

/** One family's provider, made at its first request (it reads its signing key from the database). */
export function createIntegrationIdp(deps: IdpDeps, options: IdpOptions): IntegrationIdp {
  const publicUrl = new URL(deps.baseUrl);
  const mountPath = `${publicUrl.pathname.replace(/\/$/, "")}${integrationIdpPath(options.kind)}`;
  let made: Promise<(req: IncomingMessage, res: ServerResponse) => void> | undefined;
  let providerMade: Promise<Provider> | undefined;
  const providerOf = () => {
    providerMade ??= createProvider(deps, options).catch((error: unknown) => {
      providerMade = undefined;
      throw error;
    });
    return providerMade;
  };
  const dispatcher = () => {
    made ??= providerOf().then((provider) => {
      const callback = provider.callback();
      return (req: IncomingMessage, res: ServerResponse) => {
        // The provider writes its own addresses from the mount path and the request's host.
        (req as IncomingMessage & { originalUrl?: string }).originalUrl =
          `${mountPath}${req.url ?? ""}`;
        callback(req, res);
      };
    });
    return made;
  };

  async function dispatch(input: {
    method: string;
    subPath: string;
    headers: Record<string, string>;
    body?: Buffer | string;
  }): Promise<InjectedResponse> {
    const { default: inject } = await import("light-my-request");
    return inject(await dispatcher(), {
      method: input.method as "GET",
      url: input.subPath,
      headers: input.headers,
      ...(input.body !== undefined ? { payload: input.body } : {}),
    });
  }

  return {
    async handle(request, subPath) {
      const hasBody = request.method !== "GET" && request.method !== "HEAD";
      const answer = await dispatch({
        method: request.method,
        subPath,
        headers: forwardedHeaders(request, publicUrl),
        ...(hasBody ? { body: Buffer.from(await request.arrayBuffer()) } : {}),
      });
      return toResponse(answer);
    },

    async exchangeCode(form, authorization) {
      const answer = await dispatch({
        method: "POST",
        subPath: "/token",
        headers: {
          ...ownAddress(publicUrl),
          "content-type": "application/x-www-form-urlencoded",
          authorization,
        },
        body: new URLSearchParams(form).toString(),
      });
      if (answer.statusCode !== 200) {
        return { ok: false, status: answer.statusCode, body: answer.payload };
      }
      const { access_token: accessToken } = JSON.parse(answer.payload) as { access_token?: string };
      const provider = await providerOf();
      const token = accessToken ? await provider.AccessToken.find(accessToken) : undefined;
      const result = token?.accountId
        ? await takeIdpAccountResult(deps, {
            idpId: integrationIdpId(options.kind),
            accountId: token.accountId,
          })
        : null;
      if (!result) {
        // The code was good but its account is gone (handed over already, or expired).
        return {
          ok: false,
          status: 400,
          body: JSON.stringify({
            error: "invalid_grant",
            error_description: "grant request is invalid",
          }),
        };
      }
      return { ok: true, result };
    },
  };
}
