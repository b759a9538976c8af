/**
 * A visitor sends a message through the public contact form; the admin sees it in the list,
 * opening it marks it read, "Mark as Replied" marks it replied (site spec, sections 2, 4, 8),
 * and failures (a vanished message, an unreachable list) are reported.
 */
import { deleteContactSubmission } from "@heritage/content";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  dismissNotices,
  expectNoAxeViolations,
  expectNotice,
} from "../support/admin-content-journey";
import { hasChromium } from "../support/browser";
import { joinSiteJourneys, type SiteJourneys } from "../support/site-journeys";
import type { TestServer } from "../support/test-server";

describe.skipIf(!hasChromium)("an admin manages contact messages", () => {
  let server: TestServer;
  let browser: Browser;
  let site: SiteJourneys;
  let page: Page;

  beforeAll(async () => {
    site = await joinSiteJourneys();
    ({ server, browser } = site);
    ({ page } = await site.signedInAdmin());
  });
  afterAll(async () => {
    await site?.leave();
  });

  async function sendMessage(name: string, subject: string) {
    const visitor = await browser.newPage();
    await visitor.goto(`${server.url}/contact`);
    await visitor.getByLabel("Name", { exact: true }).fill(name);
    await visitor.getByLabel("Email", { exact: true }).fill("amra@example.org");
    await visitor.getByLabel("Subject", { exact: true }).fill(subject);
    await visitor
      .getByLabel("Message", { exact: true })
      .fill("I would like to help with the sevdah archive.");
    // The form drops messages sent faster than a person could type (spam protection).
    await visitor.waitForTimeout(2100);
    await visitor.getByRole("button", { name: "Send Message" }).click();
    await visitor.getByText("Message sent!").waitFor();
    await visitor.close();
  }

  it("shows the empty state, then a message sent from the public form", async () => {
    await page.goto(`${server.url}/admin/contact-submissions`);
    await page.getByRole("heading", { name: "Contact Form Submissions" }).waitFor();
    await page.getByText("No contact submissions yet.").waitFor();

    await sendMessage("Amra Hadžić", "Volunteering");
    await page.reload();
    await page.getByRole("table").waitFor();
    await expect(page.getByTestId("submission-count").textContent()).resolves.toBe("Total: 1");
    await expect(page.getByRole("columnheader").allTextContents()).resolves.toEqual([
      "Name",
      "Email",
      "Subject",
      "Status",
      "Date",
      "Actions",
    ]);
    const row = page.getByRole("row").filter({ hasText: "Amra Hadžić" });
    const cells = await row.getByRole("cell").allTextContents();
    expect(cells.slice(0, 4)).toEqual(["Amra Hadžić", "amra@example.org", "Volunteering", "new"]);
    expect(cells[4]).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2}$/);
    await expect(row.locator("[data-status]").getAttribute("class")).resolves.toContain(
      "bg-red-100",
    );
    await expectNoAxeViolations(page, "/admin/contact-submissions");
  });

  it("marks a message read when opened and replied on request", async () => {
    // A CSS locator: while the modal dialog is open the page behind it is hidden from roles.
    const row = page.locator("tbody tr").filter({ hasText: "Amra Hadžić" });
    await row.getByRole("button", { name: "View" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("I would like to help with the sevdah archive.").waitFor();
    await expect(dialog.getByText("amra@example.org").count()).resolves.toBe(1);
    await dialog.locator('[data-status="read"]').waitFor();
    await expectNoAxeViolations(page, "the message dialog");
    await expect(row.locator("[data-status]").getAttribute("class")).resolves.toContain(
      "bg-yellow-100",
    );

    await dialog.getByRole("button", { name: "Mark as Replied" }).dblclick();
    await expectNotice(
      page,
      "Status updated",
      "Contact submission status has been updated successfully.",
    );
    await dialog.waitFor({ state: "detached" });
    await expect(row.locator("[data-status]").textContent()).resolves.toBe("replied");
    await expect(row.locator("[data-status]").getAttribute("class")).resolves.toContain(
      "bg-green-100",
    );
    await dismissNotices(page);

    await page.reload();
    const reloaded = page.getByRole("row").filter({ hasText: "Amra Hadžić" });
    await expect(reloaded.locator("[data-status]").textContent()).resolves.toBe("replied");
    await reloaded.getByRole("button", { name: "View" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).first().waitFor();
    await expect(
      page.getByRole("dialog").getByRole("button", { name: "Mark as Replied" }).count(),
    ).resolves.toBe(0);
    await page.keyboard.press("Escape");
  });

  it("says so when a status cannot be updated or the list cannot load", async () => {
    await sendMessage("Edin Kovač", "Gone soon");
    await page.reload();
    const row = page.getByRole("row").filter({ hasText: "Edin Kovač" });
    await row.waitFor();
    const id = await page.evaluate(async () => {
      const response = await fetch("/functions/api-contact_submissions", {
        headers: { accept: "application/json" },
      });
      return response.status;
    });
    expect(id).toBe(401); // the list is for admins only
    const rows = await server.running.database.db.execute(
      "select id from content.contact_submissions where name = 'Edin Kovač'",
    );
    const submissionId = (rows.rows[0] as { id: string } | undefined)?.id;
    expect(submissionId).toBeTruthy();
    await deleteContactSubmission(server.running.database.db, submissionId as string);
    await row.getByRole("button", { name: "View" }).click();
    await expectNotice(page, "Error", "Failed to update status. Please try again.");
    await page.keyboard.press("Escape");

    await page.route("**/functions/api-contact_submissions*", (route) => route.abort());
    await page.reload();
    await page.getByText(/^Error loading contact submissions: /).waitFor();
    await page.unroute("**/functions/api-contact_submissions*");
  });

  // Issue 34, item 5: the admin's language, chosen in the navigation and kept by the browser.
  it("switches the admin area to German, then to Bosnian, which a reload keeps", async () => {
    await page.goto(`${server.url}/admin`);
    await page.getByLabel("Language").selectOption("de");
    await page.getByRole("heading", { name: "Willkommen in der Verwaltung" }).waitFor();
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("de");
    await page.getByRole("link", { name: "Nachrichten", exact: true }).click();
    await page.getByRole("heading", { name: "Nachrichten aus dem Kontaktformular" }).waitFor();
    await expect(page.getByRole("columnheader").first().textContent()).resolves.toBe("Name");
    await page.getByRole("columnheader", { name: "Betreff" }).waitFor();

    await page.getByLabel("Sprache").selectOption("bs");
    await page.getByRole("heading", { name: "Poruke iz kontakt formulara" }).waitFor();
    await page.reload();
    await page.getByRole("heading", { name: "Poruke iz kontakt formulara" }).waitFor();
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("bs");
    await page
      .getByRole("link", { name: "Odjava" })
      .or(page.getByRole("button", { name: "Odjava" }))
      .waitFor();

    // Back to English: the journeys after this one share this admin's browser.
    await page.getByLabel("Jezik").selectOption("en");
    await page.getByRole("heading", { name: "Contact Form Submissions" }).waitFor();
  });
});
