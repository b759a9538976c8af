// @vitest-environment jsdom
/**
 * Issue 34, item 5: "the admin shown in German and Bosnian with no English left on its screens".
 * Each admin screen is rendered in German and in Bosnian over a fake content API (lists with a
 * row where a row shows more, dialogs opened, forms sent empty so their checks speak, notices
 * shown by the toaster), and no text node, element text or aria-label/placeholder/title/alt
 * attribute in the document may be a text of the English catalogue (its `{values}` standing for
 * anything). Language names written in themselves (the editors' "English" tab) carry their own
 * `lang` and are skipped. The same check finds the English of an English screen, so it works.
 */

import type { AuthUser } from "@heritage/auth-client";
import { createClientApp } from "@heritage/auth-client";
import { AuthProvider } from "@heritage/auth-react";
import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router";
import { Toaster, toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type AdminKey, adminEn } from "../../i18n/admin/en";
import { adminCatalogues, adminTranslator } from "../../i18n/admin/translator";
import type { SiteLanguage } from "../../lib/language";
import Dashboard from "../../routes/admin/dashboard";
import UsersPage from "../../routes/admin/users";
import { AdminGuard } from "./auth/admin-guard";
import { AdminSignOutContext } from "./auth/use-sign-out";
import { ContactSubmissionsScreen } from "./contact-submissions/contact-submissions-screen";
import { PreviewScreen } from "./drafts/preview-screen";
import { FaqScreen } from "./faq/faq-screen";
import { ActivityScreen } from "./history/activity-screen";
import { TrashScreen } from "./history/trash-screen";
import { ProjectsScreen } from "./projects/projects-screen";
import { SchedulesScreen } from "./schedules/schedules-screen";
import { GlobalSeoScreen } from "./seo/global-seo-screen";
import { AdminLanguageProvider } from "./shell/admin-language";
import { AdminNav } from "./shell/admin-nav";
import { SiteContentScreen } from "./site-content/site-content-screen";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

/**
 * An English catalogue text as the literal pieces between its placeholders (and plurals), each
 * placeholder standing for some text. Matched piece by piece, never with a regular expression,
 * so a long text cannot make the check backtrack for ever.
 */
function piecesOf(template: string): string[] {
  return template.split(/\{(?:[^{}]|\{[^{}]*\})*\}/);
}

function matchesPieces(text: string, pieces: readonly string[]): boolean {
  const first = pieces[0] ?? "";
  if (pieces.length === 1) return text === first;
  if (!text.startsWith(first)) return false;
  let position = first.length;
  for (const middle of pieces.slice(1, -1)) {
    const at = text.indexOf(middle, position + 1);
    if (at < 0) return false;
    position = at + middle.length;
  }
  const last = pieces[pieces.length - 1] ?? "";
  return text.length - last.length > position && text.endsWith(last);
}

/**
 * The English texts to look for in `language`: every text of the English catalogue but those the
 * language's catalogue shares word for word ("SEO", German "Details"; the catalogue test keeps
 * that list short and checked) and those of values and signs only ("{field} ({language})").
 */
function englishTextsFor(language: SiteLanguage) {
  // A text the language itself uses somewhere (German "Admin", the role) is no English left.
  const ownTexts = new Set(language === "en" ? [] : Object.values(adminCatalogues[language]));
  return (
    (Object.keys(adminEn) as AdminKey[])
      .map((key) => adminEn[key])
      .filter((text) => !ownTexts.has(text))
      // Values and signs with a word or two ("{from} to {to}") would be found in any long text.
      .filter(
        (text) =>
          (text.replace(/\{(?:[^{}]|\{[^{}]*\})*\}/g, "").match(/\p{L}/gu) ?? []).length > 3,
      )
      .map((text) => ({ text, pieces: piecesOf(text) }))
  );
}

/** Every text of the document (text nodes, element texts, named attributes) that is English. */
function englishIn(language: SiteLanguage): string[] {
  const found = new Set<string>();
  const englishTexts = englishTextsFor(language);
  const isOtherLanguage = (node: Node) => {
    const element = node instanceof Element ? node : node.parentElement;
    const lang = element?.closest("[lang]")?.getAttribute("lang");
    return lang !== undefined && lang !== null && lang !== language;
  };
  const check = (value: string | null | undefined, node: Node) => {
    const text = value?.replace(/\s+/g, " ").trim();
    if (!text || isOtherLanguage(node)) return;
    const english = englishTexts.find(({ pieces }) => matchesPieces(text, pieces));
    if (english) found.add(`${text}  (en: ${english.text})`);
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    check(node.textContent, node);
  }
  for (const element of document.body.querySelectorAll("*")) {
    // An element whose children carry another language's words is judged by its children.
    if (![...element.querySelectorAll("[lang]")].some((inner) => inner !== element)) {
      check(element.textContent, element);
    }
    for (const name of ["aria-label", "placeholder", "title", "alt"]) {
      check(element.getAttribute(name), element);
    }
  }
  return [...found];
}

const now = new Date(2026, 10, 30, 10, 5).toISOString();

/** A schedule as the content API answers it (issue 34, item 3). */
function schedule(fields: Record<string, unknown>) {
  return {
    id: "s1",
    table: "faqs",
    row_id: "f1",
    action: "publish",
    run_at: now,
    label: "Who are you?",
    state: "pending",
    outcome: null,
    created_by_id: "user-1",
    created_by_name: "Ana",
    created_at: now,
    finished_at: null,
    ...fields,
  };
}

const signedInUser = {
  id: "user-1",
  primaryEmail: "ana@example.org",
  displayName: "Ana",
  clientReadOnlyMetadata: { role: "admin" },
} as unknown as AuthUser;

type Routes = Record<string, (url: URL, init: RequestInit | undefined) => unknown>;

/** The content API: every table empty unless `routes` answers ("GET api-faqs" -> data). */
function fakeFetch(routes: Routes): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? "GET";
    const name = url.pathname.replace(/^\/functions\//, "");
    const answer = routes[`${method} ${name}`];
    if (answer) return Response.json({ data: answer(url, init), error: null });
    if (method === "GET" && name.startsWith("api-"))
      return Response.json({ data: [], error: null });
    if (name === "check-images") return Response.json({ data: {}, error: null });
    return Response.json({ data: null, error: { message: "Nope" } }, { status: 500 });
  };
}

interface Rendered {
  root: Root;
  container: HTMLElement;
}
let rendered: Rendered | null = null;
const originalFetch = globalThis.fetch;

beforeEach(() => {
  // Radix and the performance tab ask for these; jsdom has none.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    onchange: null,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
});

afterEach(async () => {
  globalThis.fetch = originalFetch;
  toast.dismiss();
  if (rendered) {
    const { root, container } = rendered;
    await act(async () => root.unmount());
    container.remove();
  }
  rendered = null;
  document.body.innerHTML = "";
});

/** Lets effects, fetches and timers of a few milliseconds run. */
async function settle(rounds = 6) {
  for (let round = 0; round < rounds; round++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
}

async function renderAdmin(
  language: SiteLanguage,
  screen: ReactNode,
  {
    routes = {},
    loader,
    user = signedInUser,
    entry = "/admin/screen",
  }: { routes?: Routes; loader?: () => unknown; user?: AuthUser | null; entry?: string } = {},
) {
  globalThis.fetch = fakeFetch(routes);
  // A signed-in admin's app: the content client asks it for a token per call.
  const app = {
    ...createClientApp({
      projectId: "project",
      publishableClientKey: "pck_test",
      baseUrl: "http://site.test",
      tokenStore: "memory",
    }),
    getAccessToken: async () => "access-token",
  };
  const router = createMemoryRouter(
    [
      // Where the guard sends a visitor who is not signed in.
      { path: "/login", element: <p>login</p> },
      {
        path: "*",
        ...(loader ? { loader } : {}),
        element: (
          <AuthProvider app={app} {...(user === undefined ? {} : { initialUser: user })}>
            <AdminLanguageProvider language={language}>{screen}</AdminLanguageProvider>
          </AuthProvider>
        ),
      },
    ],
    { initialEntries: [entry] },
  );
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  rendered = { root, container };
  await act(async () =>
    root.render(
      <>
        <RouterProvider router={router} />
        <Toaster />
      </>,
    ),
  );
  await settle();
}

function button(name: string): HTMLButtonElement {
  const found = [...document.querySelectorAll("button")].find(
    (candidate) => candidate.textContent?.trim() === name,
  );
  if (!found) throw new Error(`No button "${name}"`);
  return found;
}

async function click(element: HTMLElement) {
  await act(async () => element.click());
  await settle(3);
}

it("site content: Publish saves the form's unsaved text to the draft first (issue 34)", async () => {
  const calls: string[] = [];
  const hero = (title: string) => ({ title, subtitle: "Sub", description: "Text" });
  const heroDraft = {
    table: "site_content",
    id: "hero",
    data: { content: hero("The draft's title") },
    base_version: null,
    version: 1,
    saved_by_id: "user-1",
    saved_by_name: "Ana",
    saved_at: now,
  };
  let saved: Record<string, unknown> | null = null;
  await renderAdmin("en", <SiteContentScreen />, {
    routes: {
      "GET drafts": (url) => (url.searchParams.get("id") === "hero" ? [heroDraft] : []),
      "POST save-draft": (_url, init) => {
        calls.push("save-draft");
        saved = JSON.parse(String(init?.body)) as Record<string, unknown>;
        return { ...heroDraft, version: 2, data: (saved as { data: unknown }).data };
      },
      "POST publish-draft": () => {
        calls.push("publish-draft");
        return { id: "hero", content: hero("Typed, not saved"), content_de: {}, content_bs: {} };
      },
    },
  });
  const title = document.querySelector<HTMLInputElement>("form input[type=text]");
  if (!title) throw new Error("No text field in the section's form");
  expect(title.value).toBe("The draft's title");
  await act(async () => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
    setValue?.call(title, "Typed, not saved");
    title.dispatchEvent(new Event("input", { bubbles: true }));
  });
  await settle(2);
  await click(button(adminEn["draft.publish"]));
  await settle(4);
  expect(calls).toEqual(["save-draft", "publish-draft"]);
  expect(saved).toMatchObject({
    table: "site_content",
    id: "hero",
    data: { content: { title: "Typed, not saved" } },
  });
});

it("finds the English of an English screen (the check itself works)", async () => {
  await renderAdmin("en", <FaqScreen />);
  expect(englishIn("en")).toContain("Manage FAQ  (en: Manage FAQ)");
  expect(englishIn("en")).toContain(
    "No FAQ items found. Add your first FAQ above.  (en: No FAQ items found. Add your first FAQ above.)",
  );
});

describe.each(["de", "bs"] as const)("the admin area in %s", (language) => {
  const { t } = adminTranslator(language);
  const expectNoEnglish = () => expect(englishIn(language)).toEqual([]);

  it("navigation, guard and dashboard", async () => {
    await renderAdmin(
      language,
      <>
        <AdminNav onSignOut={() => undefined} isSigningOut={false} />
        <Dashboard />
      </>,
      {
        routes: {
          "GET translation-status": () => [
            {
              table: "projects",
              id: "p1",
              label: "Old Songs",
              language: "de",
              status: "outdated",
              source_changed_at: now,
              translated_at: now,
            },
            {
              table: "site_content",
              id: "hero",
              label: "hero",
              language: "bs",
              status: "missing",
              source_changed_at: now,
              translated_at: null,
            },
          ],
        },
      },
    );
    expect(document.body.textContent).toContain(t("dashboard.welcome"));
    expect(document.body.textContent).toContain(t("todo.heading"));
    expect(document.body.textContent).toContain(t("goLive.heading"));
    expectNoEnglish();
  });

  it("the guard while the sign-in is checked", async () => {
    await renderAdmin(language, <AdminGuard>{() => null}</AdminGuard>, { user: null });
    // On to /login, with the notice.
    expect(document.body.textContent).toContain(t("guard.requiredText"));
    expectNoEnglish();
  });

  it("projects: the empty list, the add dialog on every tab and its checks", async () => {
    await renderAdmin(language, <ProjectsScreen />);
    expect(document.body.textContent).toContain(t("projects.empty"));
    expectNoEnglish();
    await click(button(t("projects.add")));
    expect(document.body.textContent).toContain(t("projects.tab.common"));
    expectNoEnglish();
    await click(button(t("common.save")));
    expectNoEnglish();
  });

  it("projects: a row, its delete question", async () => {
    await renderAdmin(language, <ProjectsScreen />, {
      routes: {
        "GET api-projects": () => [
          {
            id: "old-songs",
            slug: "old-songs",
            title: "Old Songs",
            title_de: "Alte Lieder",
            title_bs: "Stare pjesme",
            category: "culture",
            description: "Songs",
            details: "",
            image: "",
            bg_color: "bg-sky-100",
            seo_keywords: [],
            version: 1,
            created_at: now,
            updated_at: now,
          },
        ],
      },
    });
    expectNoEnglish();
    await click(button(t("common.delete")));
    expect(document.body.textContent).toContain(t("projects.deleteQuestion"));
    expectNoEnglish();
  });

  it("FAQ: the list, the dialog and its checks", async () => {
    await renderAdmin(language, <FaqScreen />, {
      routes: {
        "GET api-faqs": () => [
          {
            id: "f1",
            question: "Who are you?",
            answer: "A heritage organisation.",
            question_de: "Wer sind Sie?",
            answer_de: "Eine Organisation.",
            question_bs: "Ko ste vi?",
            answer_bs: "Organizacija.",
            version: 1,
            created_at: now,
            updated_at: now,
          },
        ],
      },
    });
    expectNoEnglish();
    await click(button(t("faq.add")));
    await click(button(t("common.save")));
    expectNoEnglish();
  });

  it("drafts: an item's draft in its dialog, and the preview screen", async () => {
    await renderAdmin(language, <FaqScreen />, {
      routes: {
        "GET api-faqs": () => [
          {
            id: "f1",
            question: "Who are you?",
            answer: "A heritage organisation.",
            version: 1,
            created_at: now,
            updated_at: now,
          },
        ],
        "GET drafts": () => [
          {
            table: "faqs",
            id: "f1",
            data: { question: "Who are we?" },
            base_version: 1,
            version: 1,
            saved_by_id: "user-1",
            saved_by_name: "Ana",
            saved_at: now,
          },
        ],
        "GET schedules": () => [schedule({ action: "publish" })],
      },
    });
    await click(button(t("common.edit")));
    expect(document.body.textContent).toContain(t("draft.publish"));
    expect(document.body.textContent).toContain(t("draft.save"));
    // Its scheduled publishing: what waits, and the form (issue 34, item 3).
    expect(document.body.textContent).toContain(t("schedule.cancel"));
    expect(document.body.textContent).toContain(t("schedule.open"));
    document.querySelector("[data-item-schedule] details")?.setAttribute("open", "");
    await click(button(t("schedule.submit")));
    expect(document.body.textContent).toContain(t("schedule.chooseTime"));
    expectNoEnglish();
    await act(async () => rendered?.root.unmount());
    rendered?.container.remove();
    await renderAdmin(language, <PreviewScreen />, {
      entry: "/admin/preview?table=faqs&id=f1&language=de",
    });
    expect(document.querySelector("iframe")?.getAttribute("src")).toBe("/de?preview=faqs%3Af1#faq");
    await click(button(t("preview.phone")));
    expect(document.querySelector("iframe")?.getAttribute("style")).toContain("390px");
    expectNoEnglish();
  });

  it("contact messages: the list and a message", async () => {
    await renderAdmin(language, <ContactSubmissionsScreen />, {
      routes: {
        "GET api-contact_submissions": () => [
          {
            id: "m1",
            name: "Ana",
            email: "ana@example.org",
            subject: "Hello",
            message: "A message of some length.",
            status: "read",
            created_at: now,
          },
        ],
      },
    });
    expect(document.body.textContent).toContain(t("contact.title"));
    await click(button(t("contact.view")));
    expect(document.body.textContent).toContain(t("contact.markReplied"));
    expectNoEnglish();
  });

  it("site content: every section and language, and a failed save", async () => {
    await renderAdmin(language, <SiteContentScreen />);
    expect(document.body.textContent).toContain(t("siteContent.tab.hero"));
    expectNoEnglish();
    await click(button(t("siteContent.save.de")));
    expectNoEnglish();
  });

  it("SEO: every tab", async () => {
    await renderAdmin(language, <GlobalSeoScreen />);
    expect(document.body.textContent).toContain(t("seo.title"));
    expectNoEnglish();
  });

  it("users: the list, the form's checks and the remove question", async () => {
    const signOut = { signOut: async () => undefined, isSigningOut: false };
    await renderAdmin(
      language,
      <AdminSignOutContext value={signOut}>
        <UsersPage />
      </AdminSignOutContext>,
      {
        loader: () => ({
          ok: true,
          currentUserId: "user-1",
          currentUserRole: "admin",
          users: [
            {
              id: "user-1",
              email: "ana@example.org",
              displayName: "Ana",
              createdAt: now,
              lastActiveAt: now,
              role: "admin",
            },
            {
              id: "user-2",
              email: "bo@example.org",
              displayName: null,
              createdAt: now,
              lastActiveAt: now,
              role: "editor",
            },
          ],
        }),
      },
    );
    expect(document.body.textContent).toContain(t("users.title"));
    await click(button(t("users.create.submit")));
    expectNoEnglish();
    const remove = [...document.querySelectorAll("button")].find(
      (candidate) => candidate.textContent?.trim() === t("users.remove") && !candidate.disabled,
    );
    if (remove) await click(remove);
    expectNoEnglish();
  });

  it("scheduled publishing: what waits and what ran, with why", async () => {
    await renderAdmin(language, <SchedulesScreen />, {
      routes: {
        "GET schedules": () => [
          schedule({ action: "unpublish", state: "done" }),
          schedule({ id: "s2", state: "failed", outcome: "ITEM_CHANGED" }),
        ],
      },
    });
    expect(document.body.textContent).toContain(t("scheduled.outcome.ITEM_CHANGED"));
    expect(document.body.textContent).toContain(t("scheduled.state.done"));
    expectNoEnglish();
  });

  it("trash and activity", async () => {
    await renderAdmin(
      language,
      <>
        <TrashScreen />
        <ActivityScreen />
      </>,
      {
        routes: {
          "GET api-audit_log": () => [
            {
              id: "a1",
              at: now,
              actor_id: "user-1",
              actor_name: "Ana",
              action: "content.update",
              target_type: "projects",
              target_id: "old-songs",
              summary: "Old Songs",
              details: { changed_fields: ["title_de", "description"] },
            },
            {
              id: "a2",
              at: now,
              actor_id: "user-1",
              actor_name: "Ana",
              action: "admin.user_role_changed",
              target_type: null,
              target_id: "user-2",
              summary: "bo@example.org",
              details: { from: "admin", to: "editor" },
            },
          ],
        },
      },
    );
    expect(document.body.textContent).toContain(t("trash.empty"));
    expect(document.body.textContent).toContain(t("activity.title"));
    expectNoEnglish();
  });
});
