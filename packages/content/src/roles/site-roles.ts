/**
 * @module
 * Who may do what in the admin area (issue 34, item 4; decision 032). Two roles: `admin` may do
 * everything; `editor` manages the content (projects, categories, FAQ items, the pages' copy,
 * uploads, restoring from the history and the trash, reading messages and the activity log) but
 * not the users, the global settings (the global SEO row, the site's languages), and nothing that
 * cannot be undone (deleting from the trash for good, deleting a contact message).
 *
 * The role lives on the user's record in the site's auth project, in `client_read_only_metadata`
 * (`{"role": "editor"}`): the user can read it but never change it; only the site (its secret key)
 * writes it. The server reads it per request from the auth platform's user cache and enforces it
 * on every write; the admin screens read it to hide what the server would refuse.
 *
 * One rule keeps upgrades safe: a user without a role (every admin made before roles existed, or
 * one made straight through the auth API) is an `admin`, as every user was before. A role value
 * this version does not know gives the least: `editor`.
 */
import { GLOBAL_SEO_CONTENT_TYPE, GLOBAL_SEO_ID } from "../site-content/site-content-input";

export const siteRoles = ["admin", "editor"] as const;
export type SiteRole = (typeof siteRoles)[number];

/** The key of the role in the user's `client_read_only_metadata`. */
export const SITE_ROLE_METADATA_KEY = "role";

/** What "Create Admin User" gives when no role is chosen: the least privilege. */
export const defaultNewUserRole: SiteRole = "editor";

export const siteRoleLabels: Record<SiteRole, string> = { admin: "Admin", editor: "Editor" };

export const siteRoleDescriptions: Record<SiteRole, string> = {
  admin: "Everything, including users and the global settings.",
  editor:
    "Content only: projects, FAQ, pages, images, messages. Not users, global SEO or deleting for good.",
};

export function isSiteRole(value: unknown): value is SiteRole {
  return typeof value === "string" && (siteRoles as readonly string[]).includes(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The role a user's `client_read_only_metadata` gives: none (no metadata, no `role` key, or
 * `null`) is `admin` (nobody loses access on upgrade); `"admin"` and `"editor"` are themselves;
 * any other value is `editor`.
 */
export function siteRoleOf(clientReadOnlyMetadata: unknown): SiteRole {
  if (!isRecord(clientReadOnlyMetadata)) return "admin";
  const role = Object.hasOwn(clientReadOnlyMetadata, SITE_ROLE_METADATA_KEY)
    ? clientReadOnlyMetadata[SITE_ROLE_METADATA_KEY]
    : undefined;
  if (role === undefined || role === null) return "admin";
  return role === "admin" ? "admin" : "editor";
}

/** The metadata with `role` set, every other key kept (the platform replaces the whole object). */
export function metadataWithSiteRole(
  clientReadOnlyMetadata: unknown,
  role: SiteRole,
): Record<string, unknown> {
  return {
    ...(isRecord(clientReadOnlyMetadata) ? clientReadOnlyMetadata : {}),
    [SITE_ROLE_METADATA_KEY]: role,
  };
}

/** What only an admin may do, each with the reason a refusal gives. */
export const adminOnlyActions = {
  "manage-users": "Only an admin can create or remove users or change their roles.",
  "global-settings": "Only an admin can change the global SEO settings and the site's languages.",
  "purge-trash": "Only an admin can delete items from the trash for good.",
  "delete-messages": "Only an admin can delete contact messages.",
} as const;
export type AdminOnlyAction = keyof typeof adminOnlyActions;

/** Whether `role` may do an admin-only `action` (only admins may, today). */
export function mayDo(role: SiteRole, _action: AdminOnlyAction): boolean {
  return role === "admin";
}

/** The refusal's text: why, and the caller's role. */
export function roleRefusalMessage(action: AdminOnlyAction, role: SiteRole): string {
  return `${adminOnlyActions[action]} Your role is ${siteRoleLabels[role].toLowerCase()}.`;
}

/**
 * Whether a row of the content tables is a global setting, which only an admin writes: any row
 * of `languages`, and the global SEO row of `site_content` (by its id or its content type, as the
 * site reads it). `row` is the stored row, a trashed or revised copy, or a write's body.
 */
export function isGlobalSettingsRow(
  table: string,
  row: { id?: unknown; content_type?: unknown } | null | undefined,
): boolean {
  if (table === "languages") return true;
  if (table !== "site_content" || !row) return false;
  // As the write's schema reads them: trimmed.
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : value);
  return text(row.id) === GLOBAL_SEO_ID || text(row.content_type) === GLOBAL_SEO_CONTENT_TYPE;
}
