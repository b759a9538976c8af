// @vitest-environment jsdom
import {
  type AuthUser,
  createClientApp,
  createMemoryTokenStore,
  type FetchFunction,
} from "@heritage/auth-client";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { useAuth } from "./hooks/use-auth";
import { useUser } from "./hooks/use-user";
import { AuthProvider } from "./provider";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const projectId = "6f0d2f4e-1c1a-4d5e-9a7b-2b3c4d5e6f70";
const userId = "0b6f3f0e-6d2a-4c1e-8f3a-9d8c7b6a5f40";

function base64Url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function makeAccessToken(): string {
  const nowS = Math.floor(Date.now() / 1000);
  const claims = {
    iss: `http://localhost/api/v1/projects/${projectId}`,
    aud: projectId,
    sub: userId,
    iat: nowS,
    exp: nowS + 600,
    project_id: projectId,
    branch_id: "main",
    refresh_token_id: "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
    role: "authenticated",
    name: "Ana",
    email: "ana@example.org",
    email_verified: true,
    selected_team_id: null,
    signed_up_at: nowS,
    is_anonymous: false,
    is_restricted: false,
    restricted_reason: null,
    requires_totp_mfa: false,
  };
  return `${base64Url({ alg: "ES256" })}.${base64Url(claims)}.c2ln`;
}

const wireUser = {
  id: userId,
  primary_email: "ana@example.org",
  primary_email_verified: true,
  display_name: "Ana",
  profile_image_url: null,
  signed_up_at_millis: 1_700_000_000_000,
  client_metadata: null,
  client_read_only_metadata: null,
  has_password: true,
  otp_auth_enabled: false,
  passkey_auth_enabled: false,
  auth_with_email: true,
  requires_totp_mfa: false,
  oauth_providers: [],
  selected_team_id: null,
  selected_team: null,
  is_anonymous: false,
  is_restricted: false,
  restricted_reason: null,
  restricted_by_admin: false,
  restricted_by_admin_reason: null,
};

const fakeFetch: FetchFunction = async (url, init) => {
  if (url.endsWith("/users/me")) return Response.json(wireUser);
  if (url.endsWith("/auth/sessions/current") && init.method === "DELETE") {
    return Response.json({ success: true });
  }
  return new Response("not found", { status: 404 });
};

function createSignedInApp() {
  return createClientApp({
    projectId,
    fetch: fakeFetch,
    tokenStore: createMemoryTokenStore({
      refreshToken: "r".repeat(45),
      accessToken: makeAccessToken(),
    }),
  });
}

function Orphan() {
  useAuth();
  return null;
}

/** The latest `useAuth()` result, captured for the test to act on. */
const captured: { auth: ReturnType<typeof useAuth> | null } = { auth: null };

function AuthCapture() {
  captured.auth = useAuth();
  return <span>{captured.auth.status}</span>;
}

function UserName() {
  const user = useUser();
  return <p>{user === null ? "signed out" : `Hello ${user.displayName}`}</p>;
}

describe("useAuth outside a provider", () => {
  it("throws exactly 'useAuth must be used within an AuthProvider'", () => {
    expect(() => renderToString(<Orphan />)).toThrow(
      new Error("useAuth must be used within an AuthProvider"),
    );
    expect(() => renderToString(<UserName />)).toThrow(
      "useAuth must be used within an AuthProvider",
    );
  });
});

describe("server rendering", () => {
  it("renders the initial user known from the request", () => {
    const user = { id: userId, displayName: "Ana" } as AuthUser;
    const html = renderToString(
      <AuthProvider app={createSignedInApp()} initialUser={user}>
        <UserName />
      </AuthProvider>,
    );
    expect(html).toBe("<p>Hello Ana</p>");
  });
});

describe("in the browser", () => {
  let container: HTMLElement | null = null;
  afterEach(() => container?.remove());

  it("renders the signed-in user, then updates on sign-out", async () => {
    const app = createSignedInApp();
    container = document.createElement("div");
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => {
      root.render(
        <AuthProvider app={app}>
          <UserName />
        </AuthProvider>,
      );
    });
    expect(container.textContent).toBe("Hello Ana");
    await act(() => app.signOut());
    expect(container.textContent).toBe("signed out");
    await act(async () => root.unmount());
  });

  it("re-renders after the sign-in and sign-out helpers of useAuth", async () => {
    const app = createClientApp({
      projectId,
      tokenStore: createMemoryTokenStore(),
      fetch: async (url, init) =>
        url.endsWith("/auth/password/sign-in")
          ? Response.json({
              access_token: makeAccessToken(),
              refresh_token: "r".repeat(45),
              user_id: userId,
            })
          : fakeFetch(url, init),
    });
    container = document.createElement("div");
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => {
      root.render(
        <AuthProvider app={app}>
          <AuthCapture />
        </AuthProvider>,
      );
    });
    expect(container.textContent).toBe("signed-out");
    await act(async () => {
      await captured.auth?.signInWithCredential({ email: "ana@example.org", password: "pw" });
    });
    expect(container.textContent).toBe("signed-in");
    await act(async () => {
      await captured.auth?.signOut();
    });
    expect(container.textContent).toBe("signed-out");
    await act(async () => root.unmount());
  });
});
