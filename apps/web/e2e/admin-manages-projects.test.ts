/**
 * An admin adds a project with an uploaded image, sees it on the public site, edits it, is told
 * why a save and an upload failed (form kept), and deletes it (site spec, sections 2, 4, 5, 8).
 */
import { deleteProject, listProjects } from "@heritage/content";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  contentApiFailure,
  dismissNotices,
  expectNoAxeViolations,
  expectNotice,
  failContentApi,
  signedInContext,
  startAdminServer,
} from "./admin-content-journey";
import { hasChromium, launchBrowser } from "./browser";
import type { TestServer } from "./test-server";

describe.skipIf(!hasChromium)("an admin manages projects", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startAdminServer(), launchBrowser()]);
    ({ page, errors } = await signedInContext(browser, server));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
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
    await expectNotice(page, "Image uploaded successfully to a cloud image service");
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

    await dialog().getByRole("button", { name: "Save" }).dblclick();
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
    await expect(visitor.title()).resolves.toContain("Sevdah Archive | Balkan Heritage");
    const keywords = await visitor
      .locator('meta[name="keywords"]')
      .getAttribute("content")
      .catch(() => null);
    if (keywords !== null) expect(keywords).toContain("sevdah, music, archive");
    await visitor.close();
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
    await dialog().getByRole("button", { name: "Save" }).click();
    await expectNotice(page, "Project updated successfully");
    await page.getByRole("row").filter({ hasText: "Sevdah Sound Archive" }).waitFor();
    await dismissNotices(page);
  });

  it("deletes the project after confirmation, and the public page is gone", async () => {
    const row = page.getByRole("row").filter({ hasText: "Sevdah Sound Archive" });
    const href = await page.evaluate(async () => {
      const response = await fetch("/functions/api-projects");
      const body = (await response.json()) as { data: { id: string; title: string }[] };
      return `/project/${body.data.find((project) => project.title === "Sevdah Sound Archive")?.id}`;
    });
    await row.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(
      confirm.getByText("Are you sure you want to delete this project?").count(),
    ).resolves.toBe(1);
    await expectNoAxeViolations(page, "the project delete confirmation");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectNotice(page, "Project deleted successfully");
    await row.waitFor({ state: "detached" });

    const visitor = await browser.newPage();
    await visitor.goto(`${server.url}${href}`);
    await visitor.getByRole("heading", { name: "Project not found" }).waitFor();
    await visitor.close();
    await dismissNotices(page);
  });

  it("keeps the form filled and says why when a save fails", async () => {
    const row = page.getByRole("row").filter({ hasText: "Balkan Stories" }).first();
    await row.getByRole("button", { name: "Edit" }).click();
    await dialog().getByLabel("Title (English)", { exact: true }).fill("");
    await dialog().getByRole("button", { name: "Save" }).click();
    await expect(dialog().getByText("Title is required").count()).resolves.toBe(1);

    // The project is removed on the server meanwhile: the save is refused and says why.
    await expect(deleteProject(server.running.database.db, "balkan-stories")).resolves.toBeTruthy();
    await dialog().getByLabel("Title (English)", { exact: true }).fill("Balkan Stories Renamed");
    await dialog().getByRole("button", { name: "Save" }).click();
    await expectNotice(page, "Failed to save project", "HTTP 404: Not Found - No rows returned");
    await expect(
      dialog().getByLabel("Title (English)", { exact: true }).inputValue(),
    ).resolves.toBe("Balkan Stories Renamed");
    await expect(dialog().getByRole("button", { name: "Save" }).isEnabled()).resolves.toBe(true);
    await dialog().getByRole("button", { name: "Cancel" }).click();
    await dialog().waitFor({ state: "detached" });
    expect(errors.filter((error) => !/404|Not Found|400|Bad Request/.test(error))).toEqual([]);
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
    await expectNotice(page, "Image uploaded successfully to a cloud image service");
    await expect.poll(() => uploadButton.textContent()).toBe("Upload Image");
    await expect(dialog().getByLabel("Image URL", { exact: true }).inputValue()).resolves.toMatch(
      /\/media\//,
    );
    await page.unroute("**/functions/upload-image");
    page.off("request", recordUpload);

    // Cancelled: the upload did not add a project.
    await dialog().getByRole("button", { name: "Cancel" }).click();
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
