/**
 * @module
 * Test harness of the handler pages: a client app over a fake auth API (routes answered by the
 * test, every request recorded), and `renderHandler`, which mounts `AuthHandler` in jsdom with a
 * recording `navigate`. Only the network is fake; the client library and the pages are real.
 */
import { createClientApp, createMemoryTokenStore } from "@heritage/auth-client";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { AuthProvider } from "../provider";
import { AuthHandler } from "./auth-handler";
import type { HandlerUrls } from "./handler-options";
import type { TranslationOverrides } from "./i18n/translator";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export const projectId = "6f0d2f4e-1c1a-4d5e-9a7b-2b3c4d5e6f70";
export const userId = "0b6f3f0e-6d2a-4c1e-8f3a-9d8c7b6a5f40";

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

export function wireUser(overrides: Record<string, unknown> = {}) {
  return {
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
    ...overrides,
  };
}

export function wireProject(config: Record<string, unknown> = {}) {
  return {
    id: projectId,
    display_name: "Heritage",
    config: {
      sign_up_enabled: true,
      credential_enabled: true,
      magic_link_enabled: false,
      passkey_enabled: false,
      client_team_creation_enabled: false,
      client_user_deletion_enabled: false,
      allow_user_api_keys: false,
      allow_team_api_keys: false,
      allow_localhost: true,
      enabled_oauth_providers: [],
      domains: [],
      ...config,
    },
  };
}

/** The password sign-in answer (the MFA and passkey answers add `is_new_user`). */
export function wireTokens() {
  return {
    access_token: makeAccessToken(),
    refresh_token: "r".repeat(45),
    user_id: userId,
  };
}

/** A known-error answer as the server sends it (header + JSON body). */
export function knownError(
  code: string,
  message: string,
  status = 400,
  details?: Record<string, unknown>,
): Response {
  return Response.json(
    { code, message, ...(details ? { details } : {}) },
    { status, headers: { "x-hexclave-known-error": code } },
  );
}

/** A JSON body as an object; a form body (the OAuth token call) as its fields. */
function readBody(body: unknown): Record<string, unknown> | null {
  if (typeof body !== "string" || body === "") return null;
  try {
    return JSON.parse(body) as Record<string, unknown>;
  } catch {
    return Object.fromEntries(new URLSearchParams(body));
  }
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}

/** `"POST /auth/password/reset"` → answer; unlisted requests get a plain 404. */
export type FakeRoutes = Record<string, (request: RecordedRequest) => Response | Promise<Response>>;

export interface RenderedHandler {
  container: HTMLElement;
  requests: RecordedRequest[];
  navigations: { to: string; replace: boolean }[];
  /** Requests to `"METHOD /path"` so far. */
  requestsTo(route: string): RecordedRequest[];
  unmount(): Promise<void>;
}

/** Lets pending promises and the effects they trigger settle. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

export async function renderHandler(
  path: string,
  options: {
    search?: string;
    routes?: FakeRoutes;
    signedIn?: boolean;
    urls?: Partial<HandlerUrls>;
    /** The pages' language (`AuthHandler`'s `lang`); none is English. */
    lang?: string;
    translationOverrides?: TranslationOverrides;
  } = {},
): Promise<RenderedHandler> {
  const requests: RecordedRequest[] = [];
  const routes: FakeRoutes = {
    "GET /projects/current": () => Response.json(wireProject()),
    "GET /users/me": () => Response.json(wireUser()),
    ...options.routes,
  };
  const app = createClientApp({
    projectId,
    tokenStore: createMemoryTokenStore(
      options.signedIn ? { refreshToken: "r".repeat(45), accessToken: makeAccessToken() } : {},
    ),
    fetch: async (url, init) => {
      const { pathname } = new URL(url, "http://localhost");
      const path = pathname.replace(/^\/api\/v1/, "");
      const method = init.method ?? "GET";
      const body = readBody(init.body);
      const request = { method, path, body };
      requests.push(request);
      const answer = routes[`${method} ${path}`];
      return answer ? answer(request) : new Response("not found", { status: 404 });
    },
  });
  const navigations: RenderedHandler["navigations"] = [];
  const navigate = (to: string, navigateOptions?: { replace?: boolean }) =>
    navigations.push({ to, replace: navigateOptions?.replace ?? false });
  const container = document.createElement("div");
  document.body.append(container);
  const root: Root = createRoot(container);
  await act(async () => {
    root.render(
      <AuthProvider app={app}>
        <AuthHandler
          path={path}
          searchParams={new URLSearchParams(options.search ?? "")}
          navigate={navigate}
          urls={options.urls}
          lang={options.lang}
          translationOverrides={options.translationOverrides}
        />
      </AuthProvider>,
    );
  });
  await settle();
  return {
    container,
    requests,
    navigations,
    requestsTo: (route) => requests.filter((r) => `${r.method} ${r.path}` === route),
    async unmount() {
      await act(async () => root.unmount());
      container.remove();
    },
  };
}

/** Types into an input the way React notices (the native value setter, then an input event). */
export async function typeInto(input: HTMLInputElement, value: string): Promise<void> {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
    setter?.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

/** The input labelled `label` (exact text) inside `container`. */
export function getInput(container: HTMLElement, label: string): HTMLInputElement {
  const labelElement = [...container.querySelectorAll("label")].find(
    (element) => element.textContent === label,
  );
  const input = labelElement?.htmlFor
    ? container.ownerDocument.getElementById(labelElement.htmlFor)
    : null;
  if (!(input instanceof HTMLInputElement)) throw new Error(`No input labelled "${label}"`);
  return input;
}

/** The button named `name` (its text or aria-label). */
export function getButton(container: HTMLElement, name: string): HTMLButtonElement {
  const button = [...container.querySelectorAll("button")].find(
    (element) => element.getAttribute("aria-label") === name || element.textContent === name,
  );
  if (!button) throw new Error(`No button "${name}"`);
  return button;
}

export async function click(element: HTMLElement): Promise<void> {
  await act(async () => element.click());
  await settle();
}

/** Submits the form an element belongs to. */
export async function submit(button: HTMLButtonElement): Promise<void> {
  await click(button);
}

/** The error text shown for a field (via its aria-describedby), or null. */
export function fieldError(input: HTMLInputElement): string | null {
  if (input.getAttribute("aria-invalid") !== "true") return null;
  const ids = (input.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  const errorElement = ids
    .map((id) => input.ownerDocument.getElementById(id))
    .find((element) => element?.id.endsWith("-error"));
  return errorElement?.textContent ?? null;
}

export function text(container: HTMLElement): string {
  return container.textContent ?? "";
}
