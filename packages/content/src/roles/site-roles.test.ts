/**
 * The role rules (issue 34, item 4; decision 032): who has no role is an admin (nobody loses
 * access on upgrade), an unknown value gives the least, the metadata's other keys survive a role
 * change, and which rows are global settings.
 */
import { describe, expect, it } from "vitest";
import {
  defaultNewUserRole,
  isGlobalSettingsRow,
  mayDo,
  metadataWithSiteRole,
  roleRefusalMessage,
  siteRoleOf,
} from "./site-roles";

describe("the role a user's client_read_only_metadata gives", () => {
  it("is admin without a role: every admin made before roles keeps everything", () => {
    expect(siteRoleOf(null)).toBe("admin");
    expect(siteRoleOf(undefined)).toBe("admin");
    expect(siteRoleOf({})).toBe("admin");
    expect(siteRoleOf({ theme: "dark" })).toBe("admin");
    expect(siteRoleOf({ role: null })).toBe("admin");
    // Metadata that is not an object holds no role either.
    expect(siteRoleOf("editor")).toBe("admin");
    expect(siteRoleOf(["editor"])).toBe("admin");
  });

  it("is the stored role, and editor for a value this version does not know", () => {
    expect(siteRoleOf({ role: "admin" })).toBe("admin");
    expect(siteRoleOf({ role: "editor" })).toBe("editor");
    for (const unknown of ["Admin", "superuser", "", 1, true, { name: "admin" }]) {
      expect(siteRoleOf({ role: unknown })).toBe("editor");
    }
    // Only the user's own key counts, never an inherited one.
    expect(siteRoleOf(Object.create({ role: "editor" }))).toBe("admin");
  });

  it("gives a new user the least privilege unless an admin is chosen", () => {
    expect(defaultNewUserRole).toBe("editor");
  });

  it("sets the role and keeps the metadata's other keys", () => {
    expect(metadataWithSiteRole({ theme: "dark", role: "admin" }, "editor")).toEqual({
      theme: "dark",
      role: "editor",
    });
    expect(metadataWithSiteRole(null, "admin")).toEqual({ role: "admin" });
    expect(metadataWithSiteRole("not an object", "editor")).toEqual({ role: "editor" });
    expect(siteRoleOf(metadataWithSiteRole({ role: "admin" }, "editor"))).toBe("editor");
  });
});

describe("what only an admin may do", () => {
  it("refuses every admin-only action to an editor, naming why and the role", () => {
    for (const action of [
      "manage-users",
      "global-settings",
      "purge-trash",
      "delete-messages",
    ] as const) {
      expect(mayDo("admin", action)).toBe(true);
      expect(mayDo("editor", action)).toBe(false);
    }
    expect(roleRefusalMessage("manage-users", "editor")).toBe(
      "Only an admin can create or remove users or change their roles. Your role is editor.",
    );
  });

  it("counts the languages and the global SEO row as global settings, not the pages' copy", () => {
    expect(isGlobalSettingsRow("languages", { id: "en" })).toBe(true);
    expect(isGlobalSettingsRow("site_content", { id: "global-seo-settings" })).toBe(true);
    // As the write's schema reads them: trimmed, by id or by content type.
    expect(isGlobalSettingsRow("site_content", { id: " global-seo-settings " })).toBe(true);
    expect(isGlobalSettingsRow("site_content", { id: "seo", content_type: " global_seo" })).toBe(
      true,
    );
    for (const id of ["hero", "footer", "about", "contact", "impressum", "datenschutz"]) {
      expect(isGlobalSettingsRow("site_content", { id, content_type: id })).toBe(false);
    }
    expect(isGlobalSettingsRow("projects", { id: "global-seo-settings" })).toBe(false);
    expect(isGlobalSettingsRow("site_content", null)).toBe(false);
  });
});
