/**
 * A small but real OAuth 2.0 / OpenID Connect provider for tests, served over HTTP on loopback:
 * discovery, an authorization endpoint that approves as the account a test chose (or denies; in
 * browser tests optionally after a consent page), a
 * token endpoint with the code (PKCE S256 checked) and refresh grants, ES256-signed id_tokens, JWKS
 * and userinfo. Tests can add JSON endpoints in other providers' shapes (GitHub's `/user`, ...).
 * @module
 */
import { createHash, randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";

export interface TestProviderAccount {
  sub: string;
  email?: string | null;
  email_verified?: boolean;
  name?: string | null;
  picture?: string | null;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
  nonce: string | null;
  sub: string;
}

interface TokenGrant {
  sub: string;
  scope: string;
  clientId: string;
}

export interface TokenRequestRecord {
  grantType: string;
  clientAuth: "basic" | "post" | "none";
}

export interface TestOAuthProvider {
  /** `http://127.0.0.1:{port}`: the issuer and the base of every endpoint. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next authorization approves (or `deny` to answer `access_denied`). */
  signInAs(account: TestProviderAccount | "deny"): void;
  /**
   * Makes the provider fail until called with null: `authorization` sends the browser back with
   * `error=temporarily_unavailable` (RFC 6749 §4.1.2.1); `token` answers token requests with 503.
   */
  setOutage(outage: "authorization" | "token" | null): void;
  /** Lifetime of issued access tokens (default 3600 s). */
  setAccessTokenLifetime(seconds: number): void;
  /** Refuses every refresh token issued so far (the user revoked the app). */
  revokeRefreshTokens(): void;
  /** Refuses one access token from now on (the user revoked it at the provider). */
  revokeAccessToken(token: string): void;
  /** The next refresh grant is answered 400 with this OAuth error (`access_denied`, ...). */
  failNextRefresh(error: string): void;
  /** Serves JSON at a path for a valid bearer token, e.g. GitHub's `/github/user`. */
  setJsonRoute(path: string, body: (grant: TokenGrant) => unknown): void;
  /** Every token request received, oldest first. */
  tokenRequests: TokenRequestRecord[];
  /** The query of the last authorization request. */
  lastAuthorizationRequest: URLSearchParams | null;
  close(): Promise<void>;
}

function randomToken(): string {
  return randomBytes(24).toString("base64url");
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The consent page of the `consentPage` option: who signs in, and Allow / Deny. */
function consentPage(requestId: string, account: TestProviderAccount): string {
  const who = escapeHtml(account.email ?? account.name ?? account.sub);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Loopback ID: allow access?</title></head>
<body>
<main>
<h1>Allow access to your Loopback ID account?</h1>
<p>You are signed in to Loopback ID as ${who}. The application asks to know who you are and your e-mail address.</p>
<form method="post" action="/authorize/consent">
<input type="hidden" name="request" value="${escapeHtml(requestId)}">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>
</main>
</body>
</html>`;
}

export async function startTestOAuthProvider(
  options: {
    clientId?: string;
    clientSecret?: string;
    /** The clock id_tokens are dated by: the server's test clock, so its verification agrees. */
    clock?: () => Date;
    /**
     * Browser tests: `/authorize` shows a consent page (Allow / Deny, a plain accessible form)
     * instead of answering at once; Deny answers `access_denied`. Off: it approves at once.
     */
    consentPage?: boolean;
  } = {},
): Promise<TestOAuthProvider> {
  const clock = options.clock ?? (() => new Date());
  const clientId = options.clientId ?? "test-client-id";
  const clientSecret = options.clientSecret ?? "test-client-secret";
  const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
  const publicJwk: JWK = {
    ...(await exportJWK(publicKey)),
    kid: "test-key",
    alg: "ES256",
    use: "sig",
  };

  let account: TestProviderAccount | "deny" = { sub: "provider-user-1" };
  let accessTokenLifetime = 3600;
  let outage: "authorization" | "token" | null = null;
  let nextRefreshError: string | null = null;
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, TokenGrant>();
  const refreshTokens = new Map<string, TokenGrant & { revoked: boolean }>();
  const accounts = new Map<string, TestProviderAccount>();
  const jsonRoutes = new Map<string, (grant: TokenGrant) => unknown>();
  const tokenRequests: TokenRequestRecord[] = [];
  let lastAuthorizationRequest: URLSearchParams | null = null;
  let issuer = "";

  const app = new Hono();

  app.get("/.well-known/openid-configuration", (c) =>
    c.json({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      userinfo_endpoint: `${issuer}/userinfo`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ["code"],
      code_challenge_methods_supported: ["S256"],
      id_token_signing_alg_values_supported: ["ES256"],
    }),
  );

  app.get("/jwks", (c) => c.json({ keys: [publicJwk] }));

  /**
   * The provider's answer to an authorization request: where to send the browser back to, with a
   * code for `approveAs` or `access_denied` for "deny"; or why no client may be sent back at all.
   */
  function answerAuthorization(
    query: URLSearchParams,
    approveAs: TestProviderAccount | "deny",
  ): { redirect: string } | { refusal: string } {
    const redirectUri = query.get("redirect_uri");
    if (!redirectUri) return { refusal: "redirect_uri missing" };
    const target = new URL(redirectUri);
    const state = query.get("state");
    if (state !== null) target.searchParams.set("state", state);
    if (query.get("client_id") !== clientId) return { refusal: "unknown client_id" };
    if (outage === "authorization") {
      target.searchParams.set("error", "temporarily_unavailable");
      return { redirect: target.toString() };
    }
    if (approveAs === "deny") {
      target.searchParams.set("error", "access_denied");
      return { redirect: target.toString() };
    }
    const codeChallenge = query.get("code_challenge");
    if (!codeChallenge || query.get("code_challenge_method") !== "S256") {
      target.searchParams.set("error", "invalid_request");
      return { redirect: target.toString() };
    }
    accounts.set(approveAs.sub, approveAs);
    const code = randomToken();
    codes.set(code, {
      clientId,
      redirectUri,
      codeChallenge,
      scope: query.get("scope") ?? "",
      nonce: query.get("nonce"),
      sub: approveAs.sub,
    });
    target.searchParams.set("code", code);
    return { redirect: target.toString() };
  }

  /** Authorization requests waiting on the consent page's answer, by the page's request id. */
  const awaitingConsent = new Map<string, URLSearchParams>();

  app.get("/authorize", (c) => {
    const query = new URL(c.req.url).searchParams;
    lastAuthorizationRequest = query;
    const isRedirectable = query.has("redirect_uri") && query.get("client_id") === clientId;
    if (options.consentPage && account !== "deny" && isRedirectable) {
      const requestId = randomToken();
      awaitingConsent.set(requestId, query);
      return c.html(consentPage(requestId, account));
    }
    const answer = answerAuthorization(query, account);
    return "refusal" in answer ? c.text(answer.refusal, 400) : c.redirect(answer.redirect, 302);
  });

  app.post("/authorize/consent", async (c) => {
    const form = new URLSearchParams(await c.req.text());
    const query = awaitingConsent.get(form.get("request") ?? "");
    if (!query) return c.text("No authorization request is waiting for consent", 400);
    awaitingConsent.delete(form.get("request") ?? "");
    const answer = answerAuthorization(query, form.get("decision") === "allow" ? account : "deny");
    return "refusal" in answer ? c.text(answer.refusal, 400) : c.redirect(answer.redirect, 302);
  });

  function issueTokens(grant: TokenGrant, nonce: string | null, withRefresh: boolean) {
    const accessToken = randomToken();
    accessTokens.set(accessToken, grant);
    const refreshToken = withRefresh ? randomToken() : undefined;
    if (refreshToken) refreshTokens.set(refreshToken, { ...grant, revoked: false });
    return { accessToken, refreshToken, nonce };
  }

  async function idTokenFor(grant: TokenGrant, nonce: string | null): Promise<string> {
    const who = accounts.get(grant.sub) ?? { sub: grant.sub };
    return new SignJWT({
      email: who.email ?? undefined,
      email_verified: who.email_verified ?? false,
      name: who.name ?? undefined,
      picture: who.picture ?? undefined,
      ...(nonce ? { nonce } : {}),
    })
      .setProtectedHeader({ alg: "ES256", kid: "test-key" })
      .setIssuer(issuer)
      .setAudience(grant.clientId)
      .setSubject(grant.sub)
      .setIssuedAt(Math.floor(clock().getTime() / 1000))
      .setExpirationTime(Math.floor(clock().getTime() / 1000) + 600)
      .sign(privateKey);
  }

  app.post("/token", async (c) => {
    const form = new URLSearchParams(await c.req.text());
    const basic = c.req.header("authorization");
    let id = form.get("client_id");
    let secret = form.get("client_secret");
    let clientAuth: TokenRequestRecord["clientAuth"] = id ? "post" : "none";
    if (basic?.startsWith("Basic ")) {
      const [user, pass] = Buffer.from(basic.slice(6), "base64").toString().split(":");
      id = decodeURIComponent(user ?? "");
      secret = decodeURIComponent(pass ?? "");
      clientAuth = "basic";
    }
    tokenRequests.push({ grantType: form.get("grant_type") ?? "", clientAuth });
    if (outage === "token") return c.json({ error: "temporarily_unavailable" }, 503);
    if (id !== clientId || secret !== clientSecret) {
      return c.json({ error: "invalid_client" }, 401);
    }
    if (form.get("grant_type") === "authorization_code") {
      const code = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      const verifier = form.get("code_verifier") ?? "";
      const challenge = createHash("sha256").update(verifier).digest("base64url");
      if (
        !code ||
        code.redirectUri !== form.get("redirect_uri") ||
        code.codeChallenge !== challenge
      ) {
        return c.json({ error: "invalid_grant" }, 400);
      }
      const grant = { sub: code.sub, scope: code.scope, clientId };
      const issued = issueTokens(grant, code.nonce, true);
      return c.json({
        access_token: issued.accessToken,
        token_type: "Bearer",
        expires_in: accessTokenLifetime,
        refresh_token: issued.refreshToken,
        scope: code.scope,
        ...(code.scope.split(" ").includes("openid")
          ? { id_token: await idTokenFor(grant, code.nonce) }
          : {}),
      });
    }
    if (form.get("grant_type") === "refresh_token") {
      if (nextRefreshError !== null) {
        const error = nextRefreshError;
        nextRefreshError = null;
        return c.json({ error }, 400);
      }
      const stored = refreshTokens.get(form.get("refresh_token") ?? "");
      if (!stored || stored.revoked) return c.json({ error: "invalid_grant" }, 400);
      const issued = issueTokens(stored, null, false);
      return c.json({
        access_token: issued.accessToken,
        token_type: "Bearer",
        expires_in: accessTokenLifetime,
        scope: stored.scope,
      });
    }
    return c.json({ error: "unsupported_grant_type" }, 400);
  });

  function grantOf(authorization: string | undefined): TokenGrant | null {
    if (!authorization?.startsWith("Bearer ")) return null;
    return accessTokens.get(authorization.slice(7)) ?? null;
  }

  app.get("/userinfo", (c) => {
    const grant = grantOf(c.req.header("authorization"));
    if (!grant) return c.json({ error: "invalid_token" }, 401);
    const who = accounts.get(grant.sub) ?? { sub: grant.sub };
    return c.json({
      sub: who.sub,
      ...(who.email ? { email: who.email, email_verified: who.email_verified ?? false } : {}),
      ...(who.name ? { name: who.name } : {}),
      ...(who.picture ? { picture: who.picture } : {}),
    });
  });

  app.get("*", (c) => {
    const route = jsonRoutes.get(new URL(c.req.url).pathname);
    if (!route) return c.text("Not found", 404);
    const grant = grantOf(c.req.header("authorization"));
    if (!grant) return c.json({ error: "invalid_token" }, 401);
    return c.json(route(grant) as object);
  });

  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, () =>
      resolve(started),
    );
  });
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(next) {
      account = next;
    },
    setOutage(next) {
      outage = next;
    },
    setAccessTokenLifetime(seconds) {
      accessTokenLifetime = seconds;
    },
    revokeRefreshTokens() {
      for (const token of refreshTokens.values()) token.revoked = true;
    },
    revokeAccessToken(token) {
      accessTokens.delete(token);
    },
    failNextRefresh(error) {
      nextRefreshError = error;
    },
    setJsonRoute(path, body) {
      jsonRoutes.set(path, body);
    },
    tokenRequests,
    get lastAuthorizationRequest() {
      return lastAuthorizationRequest;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
