/**
 * An admin adds a project with an uploaded image, sees it on the public site, edits it, is told
 * why a save and an upload failed (form kept), and deletes it (site spec, sections 2, 4, 5, 8).
 */
import { deleteProject, listProjects, purgeFromTrash } from "@heritage/content";
import { sweepUnreferencedMedia } from "@heritage/server/testing";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  admin,
  contentApiFailure,
  dismissNotices,
  expectNoAxeViolations,
  expectNotice,
  failContentApi,
  submitSignIn,
} from "../support/admin-content-journey";
import { hasChromium } from "../support/browser";
import { joinSiteJourneys, type SiteJourneys } from "../support/site-journeys";
import type { TestServer } from "../support/test-server";

// On the embedded database only (decision 047): the two editors save one after the other, so the
// refusal is the version check, whose route test runs on both engines
// (content-api.history.test.ts), as do the trash's restore and its images'
// (content-api.history.test.ts, media-lifecycle.test.ts, media-references.test.ts).

describe.skipIf(!hasChromium)("an admin manages projects", () => {
  let server: TestServer;
  let browser: Browser;
  let site: SiteJourneys;
  let page: Page;
  let errors: string[];
  /** The image uploaded in the first test (a /media/ path). */
  let uploadedImage = "";
  let deletedProjectId = "";

  beforeAll(async () => {
    site = await joinSiteJourneys();
    ({ server, browser } = site);
    ({ page, errors } = await site.signedInAdmin());
  });
  afterAll(async () => {
    await site?.leave();
  });

  const dialog = () => page.getByRole("dialog");

  it("adds a project with an uploaded image that the public site shows", async () => {
    await page.goto(`${server.url}/admin/projects`);
    await page.getByRole("heading", { name: "Manage Projects" }).waitFor();
    await page.getByRole("table").waitFor();
    for (const column of ["Image", "Title", "Category", "Description", "Actions"]) {
      await expect(page.getByRole("columnheader", { name: column }).count()).resolves.toBe(1);
    }
    await expectNoAxeViolations(page, "/admin/projects");

    await page.getByRole("button", { name: "Add New Project" }).click();
    await expect(dialog().getByRole("heading", { name: "Add New Project" }).count()).resolves.toBe(
      1,
    );
    const tabs = await dialog()
      .getByRole("tablist", { name: "Project fields" })
      .getByRole("tab")
      .allTextContents();
    expect(tabs).toEqual(["English", "Deutsch", "Bosanski", "Common Fields", "SEO Settings"]);

    await dialog().getByLabel("Title (English)", { exact: true }).fill("Sevdah Archive");
    await dialog()
      .getByLabel("Description (English)", { exact: true })
      .fill("Recording old sevdah songs.");
    await dialog()
      .getByLabel("Details (English)", { exact: true })
      .fill("We record singers across Bosnia.");
    await dialog().getByRole("tab", { name: "Deutsch" }).click();
    await dialog().getByLabel("Title (German)", { exact: true }).fill("Sevdah-Archiv");
    await dialog().getByRole("tab", { name: "Common Fields" }).click();
    const colours = await dialog()
      .getByLabel("Background Color", { exact: true })
      .locator("option")
      .allTextContents();
    expect(colours).toEqual([
      "Light Blue",
      "Yellow",
      "Pink",
      "Cyan",
      "Purple (20% tint)",
      "Coral (20% tint)",
    ]);
    await expect(
      dialog().getByLabel("Background Color", { exact: true }).inputValue(),
    ).resolves.toBe("bg-sky-100");
    await dialog()
      .getByLabel("Background Color", { exact: true })
      .selectOption({ label: "Yellow" });

    // A file that claims to be a PNG but is not: the server refuses it, the preview reverts.
    const fileInput = dialog().locator('input[type="file"]');
    await fileInput.setInputFiles({
      name: "fake.png",
      mimeType: "image/png",
      buffer: Buffer.from("not an image"),
    });
    await expectNotice(page, "Upload Error", "Please select a valid image file");
    await expect(dialog().getByText("No image").count()).resolves.toBe(1);
    await dismissNotices(page);

    const png = await sharp({
      create: { width: 800, height: 500, channels: 3, background: "#b4462b" },
    })
      .png()
      .toBuffer();
    await fileInput.setInputFiles({ name: "sevdah.png", mimeType: "image/png", buffer: png });
    await expectNotice(page, "Image uploaded successfully");
    const imageUrl = await dialog().getByLabel("Image URL", { exact: true }).inputValue();
    expect(imageUrl).toMatch(/\/media\//);
    await expect(dialog().getByAltText("Upload preview").getAttribute("src")).resolves.toBe(
      imageUrl,
    );

    await dialog().getByRole("tab", { name: "SEO Settings" }).click();
    await dialog()
      .getByLabel("SEO Title (English)", { exact: true })
      .fill("Sevdah Archive | Balkan Heritage");
    await dialog()
      .getByLabel("SEO Keywords (English)", { exact: true })
      .fill(" sevdah, , music ,archive ");
    await expectNoAxeViolations(page, "the project dialog");

    await dialog().getByRole("button", { name: "Save", exact: true }).dblclick();
    await expectNotice(page, "Project added successfully");
    await dialog().waitFor({ state: "detached" });
    const row = page.getByRole("row").filter({ hasText: "Sevdah Archive" });
    await expect(row.count()).resolves.toBe(1); // one project, though Save was double-clicked
    await expect(row.getByText("DE: Sevdah-Archiv").count()).resolves.toBe(1);
    await dismissNotices(page);

    const visitor = await browser.newPage();
    await visitor.goto(server.url);
    const card = visitor.getByTestId("project-card").filter({ hasText: "Sevdah Archive" });
    await card.waitFor();
    await card.scrollIntoViewIfNeeded();
    const cardImage = card.locator("img").first();
    await expect
      .poll(() =>
        cardImage.evaluate((image: HTMLImageElement) =>
          image.complete && image.naturalWidth > 0 ? image.currentSrc : "",
        ),
      )
      .toMatch(/\/media\//);
    // The card offers the upload's WebP variants (400 and 800 px wide, one URL per width), sized
    // for the grid, with the card's fixed box so nothing shifts; a 1280 px window picks 400w.
    const srcset = (await cardImage.getAttribute("srcset")) ?? "";
    const candidates = srcset.split(",").map((candidate) => candidate.trim().split(/\s+/));
    expect(candidates.map(([, width]) => width)).toEqual(["400w", "800w"]);
    for (const [candidateUrl] of candidates) expect(candidateUrl).toMatch(/\/media\/.+\.webp$/);
    await expect(cardImage.getAttribute("sizes")).resolves.toContain("352px");
    await expect(cardImage.getAttribute("width")).resolves.toBe("400");
    await expect(cardImage.getAttribute("height")).resolves.toBe("256");
    await expect(cardImage.evaluate((image: HTMLImageElement) => image.currentSrc)).resolves.toBe(
      new URL(candidates[0]?.[0] ?? "", server.url).href,
    );
    const variant = await fetch(new URL(candidates[0]?.[0] ?? "", server.url));
    expect(variant.headers.get("content-type")).toBe("image/webp");
    await card.getByRole("link").click();
    await visitor.getByRole("heading", { level: 1, name: "Sevdah Archive" }).waitFor();
    // Its address is made from the English title, not a UUID (issue 33, item 13).
    expect(new URL(visitor.url()).pathname).toBe("/project/sevdah-archive");
    await expect(visitor.title()).resolves.toContain("Sevdah Archive | Balkan Heritage");
    const keywords = await visitor
      .locator('meta[name="keywords"]')
      .getAttribute("content")
      .catch(() => null);
    if (keywords !== null) expect(keywords).toContain("sevdah, music, archive");
    await visitor.close();
  });

  it("shares the project with a 1200 x 630 raster image made once from its upload (issue 19, defect 5; en, de)", async () => {
    const [project] = (await listProjects(server.running.database.db)).filter(
      (row) => row.title === "Sevdah Archive",
    );
    uploadedImage = project?.image ?? "";
    const mediaId = /^\/media\/([0-9a-f-]{36})\//.exec(uploadedImage)?.[1];
    expect(mediaId).toBeDefined();
    for (const path of [`/project/${project?.id}`, `/de/project/${project?.id}`]) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      const meta = (selector: string) =>
        html.match(new RegExp(`<meta ${selector} content="([^"]*)"`))?.[1] ?? "";
      const image = meta('property="og:image"');
      expect([path, new URL(image).pathname]).toEqual([path, `/share-image/media/${mediaId}.jpg`]);
      expect([path, meta('name="twitter:image"')]).toEqual([path, image]);
    }
    const first = await fetch(`${server.url}/share-image/media/${mediaId}.jpg`);
    expect([first.status, first.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
    expect(first.headers.get("cache-control")).toContain("immutable");
    const bytes = Buffer.from(await first.arrayBuffer());
    const size = await sharp(bytes).metadata();
    expect([size.format, size.width, size.height]).toEqual(["jpeg", 1200, 630]);
    // Made once and kept in the media storage: the next answer is the same file.
    const again = Buffer.from(
      await (await fetch(`${server.url}/share-image/media/${mediaId}.jpg`)).arrayBuffer(),
    );
    expect(again.equals(bytes)).toBe(true);
  });

  it("flags a broken image address in the editor and the list before visitors see it (issue 19, defect 9; en, de)", async () => {
    const row = page.getByRole("row").filter({ hasText: "Sevdah Archive" });
    await row.getByRole("button", { name: "Edit" }).click();
    await dialog().getByRole("tab", { name: "Common Fields" }).click();
    const imageUrl = dialog().getByLabel("Image URL", { exact: true });
    await imageUrl.fill("/media/00000000-0000-4000-8000-000000000000/original.png");
    await imageUrl.blur();
    const missing =
      "Image: no such file in the media storage (deleted or mistyped); visitors would see a broken image.";
    await dialog().getByText(missing).waitFor();
    await dialog().getByRole("tab", { name: "SEO Settings" }).click();
    await dialog()
      .getByRole("tablist", { name: "SEO language" })
      .getByRole("tab", { name: "Deutsch" })
      .click();
    const germanImage = dialog().getByLabel("Social Share Image URL (German)", { exact: true });
    await germanImage.fill("/uploads/sevdah.png");
    await germanImage.blur();
    await dialog()
      .getByText(
        "Social Share Image URL (German): not an image address this site serves; use an uploaded image or a full https:// URL.",
      )
      .first()
      .waitFor();
    await expectNoAxeViolations(page, "the project dialog with image warnings");
    await dialog().getByRole("button", { name: "Save", exact: true }).click();
    await expectNotice(page, "Project updated successfully");
    await dialog().waitFor({ state: "detached" });
    await dismissNotices(page);
    // The list says which of the project's images are broken, in which language.
    await row
      .getByText("Broken images: Image, Social Share Image URL (German)", { exact: true })
      .waitFor();
    await expectNoAxeViolations(page, "/admin/projects with a broken image");

    // Put right, the warning goes.
    await row.getByRole("button", { name: "Edit" }).click();
    await dialog().getByRole("tab", { name: "Common Fields" }).click();
    await dialog().getByLabel("Image URL", { exact: true }).fill(uploadedImage);
    await dialog().getByRole("tab", { name: "SEO Settings" }).click();
    await dialog()
      .getByRole("tablist", { name: "SEO language" })
      .getByRole("tab", { name: "Deutsch" })
      .click();
    await dialog().getByLabel("Social Share Image URL (German)", { exact: true }).fill("");
    await dialog().getByRole("button", { name: "Save", exact: true }).click();
    await expectNotice(page, "Project updated successfully");
    await dialog().waitFor({ state: "detached" });
    await dismissNotices(page);
    await expect(row.getByText("Broken images", { exact: false }).count()).resolves.toBe(0);
  });

  it("edits the project and saves one language's SEO settings", async () => {
    const row = page.getByRole("row").filter({ hasText: "Sevdah Archive" });
    await row.getByRole("button", { name: "Edit" }).click();
    await expect(dialog().getByRole("heading", { name: "Edit Project" }).count()).resolves.toBe(1);
    await expect(
      dialog().getByLabel("Title (English)", { exact: true }).inputValue(),
    ).resolves.toBe("Sevdah Archive");
    await dialog().getByRole("tab", { name: "SEO Settings" }).click();
    await expect(
      dialog().getByLabel("SEO Keywords (English)", { exact: true }).inputValue(),
    ).resolves.toBe("sevdah, music, archive");
    await dialog()
      .getByRole("tablist", { name: "SEO language" })
      .getByRole("tab", { name: "Deutsch" })
      .click();
    const germanTitle = dialog().getByLabel("SEO Title (German)", { exact: true });
    await germanTitle.fill("x".repeat(50));
    await expect(dialog().getByText("50/60 characters · Optimal").count()).resolves.toBe(1);
    await germanTitle.fill("x".repeat(65));
    await expect(dialog().getByText("65/60 characters · Too long").count()).resolves.toBe(1);
    await germanTitle.fill("Sevdah-Archiv | Balkan-Erbe");
    await dialog().getByRole("button", { name: "Save German SEO" }).click();
    await expectNotice(page, "SEO settings saved", "Successfully updated German SEO settings");
    await dismissNotices(page);

    await dialog().getByRole("tab", { name: "English" }).first().click();
    await dialog().getByLabel("Title (English)", { exact: true }).fill("Sevdah Sound Archive");
    await dialog().getByRole("button", { name: "Save", exact: true }).click();
    await expectNotice(page, "Project updated successfully");
    await page.getByRole("row").filter({ hasText: "Sevdah Sound Archive" }).waitFor();
    await dismissNotices(page);
  });

  it("tells an editor who saved the project first in another browser, keeps their text, and lets them merge by hand (issue 29)", async () => {
    const db = server.running.database.db;
    // A second admin, made as the Users screen makes them: through the site's auth project.
    const bob = { email: "bob.editor@example.org", password: "bob-editor-password-1" };
    const { siteAuth } = server.running;
    const asSiteServer = {
      "content-type": "application/json",
      "x-stack-project-id": siteAuth.projectId,
      "x-stack-access-type": "server",
      "x-stack-secret-server-key": siteAuth.secretServerKey,
    };
    const created = await fetch(`${server.url}/api/v1/users`, {
      method: "POST",
      headers: asSiteServer,
      body: JSON.stringify({
        primary_email: bob.email,
        primary_email_verified: true,
        primary_email_auth_enabled: true,
        password: bob.password,
        display_name: "Bob",
      }),
    });
    expect(created.status).toBe(201);
    const bobId = ((await created.json()) as { id: string }).id;
    const row = page.getByRole("row").filter({ hasText: "Sevdah Sound Archive" });
    await row.getByRole("button", { name: "Edit" }).click();
    await dialog().getByRole("tab", { name: "Bosanski" }).click();
    await dialog().getByLabel("Title (Bosnian)", { exact: true }).fill("Sevdah zvučni arhiv");

    // Meanwhile Bob, signed in in his own browser, saves the same project.
    const bobsBrowser = await browser.newContext();
    try {
      const bobsPage = await bobsBrowser.newPage();
      await bobsPage.goto(`${server.url}/login`);
      await submitSignIn(bobsPage, bob);
      await bobsPage.waitForURL(`${server.url}/admin`);
      await bobsPage.goto(`${server.url}/admin/projects`);
      await bobsPage
        .getByRole("row")
        .filter({ hasText: "Sevdah Sound Archive" })
        .getByRole("button", { name: "Edit" })
        .click();
      const bobsDialog = bobsPage.getByRole("dialog");
      await bobsDialog
        .getByLabel("Description (English)", { exact: true })
        .fill("Recordings of sevdalinka, 1950-1990");
      await bobsDialog.getByRole("button", { name: "Save", exact: true }).click();
      await expectNotice(bobsPage, "Project updated successfully");
    } finally {
      await bobsBrowser.close();
    }

    await dialog().getByRole("button", { name: "Save", exact: true }).click();
    const conflict = dialog().getByRole("alert");
    await conflict
      .getByText("Bob (bob.editor@example.org) saved this project", { exact: false })
      .waitFor();
    await expectNoAxeViolations(page, "the project editor after a colleague's save");
    // Nothing typed is lost; the colleague's change is shown and taken over by hand.
    await expect(
      dialog().getByLabel("Title (Bosnian)", { exact: true }).inputValue(),
    ).resolves.toBe("Sevdah zvučni arhiv");
    await conflict.getByRole("button", { name: "Use theirs: Description (English)" }).click();
    await dismissNotices(page);
    await dialog().getByRole("button", { name: "Save", exact: true }).click();
    await expectNotice(page, "Project updated successfully");
    await dialog().waitFor({ state: "detached" });
    await dismissNotices(page);
    const merged = (await listProjects(db)).find((p) => p.title === "Sevdah Sound Archive");
    expect(merged).toMatchObject({
      title_bs: "Sevdah zvučni arhiv",
      description: "Recordings of sevdalinka, 1950-1990",
    });
    // Bob leaves: the journeys after this one share the server.
    const removed = await fetch(`${server.url}/api/v1/users/${bobId}`, {
      method: "DELETE",
      headers: asSiteServer,
    });
    expect(removed.status).toBe(200);
  });

  it("brings an overwritten translation back from the project's history (issue 29)", async () => {
    const db = server.running.database.db;
    const row = page.getByRole("row").filter({ hasText: "Sevdah Sound Archive" });
    await row.getByRole("button", { name: "Edit" }).click();
    await dialog().getByRole("tab", { name: "Bosanski" }).click();
    await dialog().getByLabel("Title (Bosnian)", { exact: true }).fill("Pogrešan naslov");
    await dialog().getByRole("button", { name: "Save", exact: true }).click();
    await expectNotice(page, "Project updated successfully");
    await dialog().waitFor({ state: "detached" });
    await dismissNotices(page);

    await row.getByRole("button", { name: "History of Sevdah Sound Archive" }).click();
    const history = page.getByRole("dialog", { name: 'History of "Sevdah Sound Archive"' });
    await history.getByText("Changed: Title (Bosnian)").first().waitFor();
    // The newest two side by side: the Bosnian title, before and after the mistake.
    await history
      .getByRole("tablist", { name: "Compare language" })
      .getByRole("tab", { name: "Bosanski" })
      .click();
    const titleRow = history.getByRole("row", { name: /Title \(Bosnian\)/ });
    await expect(titleRow.textContent()).resolves.toMatch(
      /changed.*Sevdah zvučni arhiv.*Pogrešan naslov/,
    );
    await expectNoAxeViolations(page, "a project's history");
    const restoreButton = history.getByRole("button", { name: /^Restore version/ }).first();
    const version = /\d+$/.exec((await restoreButton.getAttribute("aria-label")) ?? "")?.[0];
    await restoreButton.click();
    await expectNotice(page, "Version restored", `Version ${version} is the current one again.`);
    await dismissNotices(page);
    await page.keyboard.press("Escape");
    await history.waitFor({ state: "detached" });

    const restored = (await listProjects(db)).find((p) => p.title === "Sevdah Sound Archive");
    expect(restored?.title_bs).toBe("Sevdah zvučni arhiv");
    const bosnian = await (await fetch(`${server.url}/bs/project/${restored?.id}`)).text();
    expect(bosnian).toContain("Sevdah zvučni arhiv");
  });

  it("deletes the project after confirmation, and the public page is gone", async () => {
    const row = page.getByRole("row").filter({ hasText: "Sevdah Sound Archive" });
    const href = await page.evaluate(async () => {
      const response = await fetch("/functions/api-projects");
      const body = (await response.json()) as { data: { id: string; title: string }[] };
      return `/project/${body.data.find((project) => project.title === "Sevdah Sound Archive")?.id}`;
    });
    deletedProjectId = href.slice("/project/".length);
    await row.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(
      confirm.getByText("Are you sure you want to delete this project?").count(),
    ).resolves.toBe(1);
    // What happens to its images is said before (issue 33, item 8).
    await expect(
      confirm
        .getByText(
          "Its images are hidden from visitors at once and deleted for good when it leaves the trash",
          { exact: false },
        )
        .count(),
    ).resolves.toBe(1);
    await expectNoAxeViolations(page, "the project delete confirmation");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectNotice(page, "Project deleted successfully");
    await row.waitFor({ state: "detached" });

    const visitor = await browser.newPage();
    await visitor.goto(`${server.url}${href}`);
    await visitor.getByRole("heading", { name: "Project not found" }).waitFor();
    await dismissNotices(page);
    // Its photo is gone from visitors at once; the signed-in admin's browser still loads it.
    const imageStatus = (on: typeof page) =>
      on.evaluate(async (path) => (await fetch(path)).status, uploadedImage);
    await expect(imageStatus(visitor)).resolves.toBe(404);
    await expect(imageStatus(page)).resolves.toBe(200);

    // The trash holds it: restored, it is back with its image and its public page (issue 29).
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Trash" })
      .click();
    const trashed = page.getByRole("row").filter({ hasText: "Sevdah Sound Archive" });
    await trashed.waitFor();
    await expectNoAxeViolations(page, "/admin/trash");
    await trashed.getByRole("button", { name: "Restore Sevdah Sound Archive" }).click();
    await expectNotice(page, "Restored", 'Project "Sevdah Sound Archive" is back.');
    await trashed.waitFor({ state: "detached" });
    await dismissNotices(page);
    await visitor.goto(`${server.url}${href}`);
    await visitor.getByRole("heading", { name: "Sevdah Sound Archive" }).waitFor();
    const image = await visitor.locator("main img").first().getAttribute("src");
    expect(image).toContain(/^\/media\/([0-9a-f-]{36})\//.exec(uploadedImage)?.[1]);
    await expect(imageStatus(visitor)).resolves.toBe(200);
    await visitor.close();

    // The activity lists each step with who did it; then the project goes again. The unfiltered
    // first load is held back until the filtered one has answered: its late answer must not
    // replace the filtered entries (a slow database once did exactly that).
    const auditLog = "**/functions/api-audit_log?*";
    const isUnfiltered = (url: string) => !new URL(url).searchParams.has("action");
    let releaseFirstLoad = () => {};
    const firstLoadHeld = new Promise<void>((resolve) => {
      releaseFirstLoad = resolve;
    });
    await page.route(auditLog, async (route) => {
      if (isUnfiltered(route.request().url())) await firstLoadHeld;
      await route.continue();
    });
    const firstLoadAnswered = page.waitForResponse(
      (response) =>
        response.url().includes("/functions/api-audit_log?") && isUnfiltered(response.url()),
    );
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Activity" })
      .click();
    await page.getByLabel("What").selectOption({ label: "Restored" });
    const restores = page.getByRole("row").filter({ hasText: "Sevdah Sound Archive" });
    await expect.poll(() => restores.count()).toBe(2);
    releaseFirstLoad();
    await firstLoadAnswered;
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
    await expect(restores.count()).resolves.toBe(2);
    await page.unroute(auditLog);
    await expect(restores.first().textContent()).resolves.toContain(admin.email);
    await expectNoAxeViolations(page, "/admin/activity");
    // Every step of this file on the project, newest first, each with who did it: Bob's save
    // under his name though his account is gone, the merge, the mistaken title and its restore,
    // the delete and the restore from the trash. (An admin without a display name is named by
    // their e-mail address.)
    await page.getByLabel("What").selectOption({ label: "Everything" });
    const steps = async () =>
      (
        await page
          .getByRole("row")
          .filter({ hasText: '"Sevdah Sound Archive"' })
          .evaluateAll((rows) =>
            rows.map((row) =>
              [...row.querySelectorAll("td")].slice(1, 4).map((cell) => cell.textContent),
            ),
          )
      ).map(([who, what]) => `${what} by ${who?.replace(/ \(.*\)$/, "")}`);
    await expect.poll(steps).toEqual([
      `Restored by ${admin.email}`,
      `Deleted by ${admin.email}`,
      `Restored by ${admin.email}`,
      `Changed by ${admin.email}`,
      `Changed by ${admin.email}`,
      "Changed by Bob",
      // The edit that gave the project this name (it was created under another).
      `Changed by ${admin.email}`,
    ]);
    const bobsSteps = page.getByRole("row").filter({ hasText: "Bob (bob.editor@example.org)" });
    await expect(bobsSteps.filter({ hasText: "Signed in" }).count()).resolves.toBe(1);
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Projects" })
      .click();
    const again = page.getByRole("row").filter({ hasText: "Sevdah Sound Archive" });
    await again.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expectNotice(page, "Project deleted successfully");
    await again.waitFor({ state: "detached" });
    await dismissNotices(page);
  });

  it("keeps the deleted project's files, hidden from visitors, while it is in the trash, and removes them once purged (issues 19, 29, 33)", async () => {
    const mediaId = /^\/media\/([0-9a-f-]{36})\//.exec(uploadedImage)?.[1];
    const served = async () =>
      Promise.all(
        [uploadedImage, `/media/${mediaId}/w400.webp`, `/share-image/media/${mediaId}.jpg`].map(
          async (path) => (await fetch(`${server.url}${path}`, { redirect: "manual" })).status,
        ),
      );
    // The project is in the trash: visitors get none of its images (the share image falls back
    // to the site's default, 302), though the files stay for a restore, however long the grace
    // period.
    await expect(served()).resolves.toEqual([404, 404, 302]);
    await expect(sweepUnreferencedMedia(server.running, { graceMs: 0 })).resolves.toMatchObject({
      removed: [],
    });
    // Purged from the trash: its files go at the next removal, without the grace period (24 h).
    await expect(
      purgeFromTrash(server.running.database.db, {
        table: "projects",
        id: deletedProjectId,
        actor: null,
      }),
    ).resolves.toBe(true);
    await expect(sweepUnreferencedMedia(server.running)).resolves.toMatchObject({
      removed: [mediaId],
    });
    await expect(served()).resolves.toEqual([404, 404, 302]);
  });

  it("keeps the form filled and says why when a save fails", async () => {
    const row = page.getByRole("row").filter({ hasText: "Balkan Stories" }).first();
    await row.getByRole("button", { name: "Edit" }).click();
    await dialog().getByLabel("Title (English)", { exact: true }).fill("");
    await dialog().getByRole("button", { name: "Save", exact: true }).click();
    await expect(dialog().getByText("Title is required").count()).resolves.toBe(1);

    // The project is removed on the server meanwhile: the save is refused and says why.
    await expect(deleteProject(server.running.database.db, "balkan-stories")).resolves.toBeTruthy();
    await dialog().getByLabel("Title (English)", { exact: true }).fill("Balkan Stories Renamed");
    await dialog().getByRole("button", { name: "Save", exact: true }).click();
    await expectNotice(page, "Failed to save project", "HTTP 404: Not Found - No rows returned");
    await expect(
      dialog().getByLabel("Title (English)", { exact: true }).inputValue(),
    ).resolves.toBe("Balkan Stories Renamed");
    await expect(
      dialog().getByRole("button", { name: "Save", exact: true }).isEnabled(),
    ).resolves.toBe(true);
    // Leaving a form with unsaved changes asks first (issue 29); keeping on editing keeps it all.
    await dialog().getByRole("button", { name: "Cancel" }).click();
    const discard = page.getByRole("alertdialog", { name: "Discard your unsaved changes?" });
    await discard.waitFor();
    await expectNoAxeViolations(page, "the question before unsaved changes are discarded");
    await discard.getByRole("button", { name: "Cancel" }).click();
    await discard.waitFor({ state: "detached" });
    await expect(
      dialog().getByLabel("Title (English)", { exact: true }).inputValue(),
    ).resolves.toBe("Balkan Stories Renamed");
    await page.keyboard.press("Escape");
    await discard.getByRole("button", { name: "Discard changes" }).click();
    await dialog().waitFor({ state: "detached" });
    expect(
      errors.filter(
        (error) => !/404|Not Found|400|Bad Request|412 \(Precondition Failed\)/.test(error),
      ),
    ).toEqual([]);
  });

  it("checks a chosen image before sending it, and shows Uploading... while it is sent", async () => {
    const stored = await listProjects(server.running.database.db);
    const uploads: string[] = [];
    const recordUpload = (request: { url: () => string }) => {
      if (new URL(request.url()).pathname === "/functions/upload-image") uploads.push("sent");
    };
    page.on("request", recordUpload);
    await page.getByRole("button", { name: "Add New Project" }).click();
    await dialog().getByRole("tab", { name: "Common Fields" }).click();
    const fileInput = dialog().locator('input[type="file"]');
    const uploadButton = dialog().getByRole("button", { name: /^(Upload Image|Uploading\.\.\.)$/ });

    // The chooser closed without a file.
    await fileInput.setInputFiles([]);
    await expectNotice(page, "Upload Error", "You must select an image to upload.");
    await dismissNotices(page);
    // Exactly 5 MB is not less than 5 MB.
    await fileInput.setInputFiles({
      name: "huge.png",
      mimeType: "image/png",
      buffer: Buffer.alloc(5 * 1024 * 1024),
    });
    await expectNotice(page, "Upload Error", "File size must be less than 5MB");
    await dismissNotices(page);
    expect(uploads).toEqual([]);
    await expect(dialog().getByText("No image").count()).resolves.toBe(1);

    // A good file: "Uploading..." (button disabled, local preview) until the upload answers.
    let answerUpload = () => {};
    const uploadHeld = new Promise<void>((resolve) => {
      answerUpload = resolve;
    });
    await page.route("**/functions/upload-image", async (route) => {
      await uploadHeld;
      await route.continue();
    });
    const png = await sharp({
      create: { width: 40, height: 40, channels: 3, background: "#2b6cb4" },
    })
      .png()
      .toBuffer();
    await fileInput.setInputFiles({ name: "small.png", mimeType: "image/png", buffer: png });
    await expect.poll(() => uploadButton.textContent()).toBe("Uploading...");
    await expect(uploadButton.isDisabled()).resolves.toBe(true);
    await expect(dialog().getByAltText("Upload preview").getAttribute("src")).resolves.toMatch(
      /^blob:/,
    );
    answerUpload();
    await expectNotice(page, "Image uploaded successfully");
    await expect.poll(() => uploadButton.textContent()).toBe("Upload Image");
    await expect(dialog().getByLabel("Image URL", { exact: true }).inputValue()).resolves.toMatch(
      /\/media\//,
    );
    await page.unroute("**/functions/upload-image");
    page.off("request", recordUpload);

    // Cancelled: the upload did not add a project.
    await dialog().getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "Discard changes" }).click();
    await dialog().waitFor({ state: "detached" });
    await expect(listProjects(server.running.database.db)).resolves.toHaveLength(stored.length);
    await dismissNotices(page);
  });

  it("says why a delete failed, and the project stays", async () => {
    const stored = await listProjects(server.running.database.db);
    const row = page.getByRole("row").filter({ hasText: "Eco Balkans" }).first();
    const stopFailing = await failContentApi(page, "projects", "DELETE");
    await row.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectNotice(page, "Failed to delete project", contentApiFailure);
    await stopFailing();
    await page.keyboard.press("Escape");
    await confirm.waitFor({ state: "detached" });
    await expect(row.count()).resolves.toBe(1);
    await expect(listProjects(server.running.database.db)).resolves.toEqual(stored);
    await dismissNotices(page);
  });

  it("says so when the projects cannot be loaded", async () => {
    const stopFailing = await failContentApi(page, "projects", "GET");
    await page.reload();
    await expectNotice(page, "Failed to load data from database", contentApiFailure);
    await page.getByText(`Failed to load data from database: ${contentApiFailure}`).waitFor();
    await stopFailing();
    await dismissNotices(page);
  });

  it("shows the empty state when there are no projects", async () => {
    for (const project of await listProjects(server.running.database.db)) {
      await deleteProject(server.running.database.db, project.id);
    }
    await page.reload();
    await page.getByText("No projects found. Add your first project above.").waitFor();
    await expect(page.getByRole("table").count()).resolves.toBe(0);
  });
});
