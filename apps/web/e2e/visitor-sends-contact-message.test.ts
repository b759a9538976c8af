import { listContactSubmissions, listOutboxEmails } from "@heritage/content";
import { sql } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchBrowser } from "./browser";
import { expectNoAxeViolations, newContext, recordErrors, seedContent } from "./journey-helpers";
import { startTestServer, type TestServer } from "./test-server";

/** The form refuses answers sent faster than a person could type; journeys date the start back. */
async function backdateForm(page: Page) {
  await page.locator('input[name="form_started_at"]').evaluate((input: HTMLInputElement) => {
    input.value = String(Date.now() - 60_000);
  });
}

async function fillForm(
  page: Page,
  values: { name: string; email: string; subject: string; message: string },
  labels = { name: "Name", email: "Email", subject: "Subject", message: "Message" },
) {
  const form = page.getByTestId("contact-form");
  await form.getByLabel(labels.name, { exact: true }).fill(values.name);
  await form.getByLabel(labels.email, { exact: true }).fill(values.email);
  await form.getByLabel(labels.subject, { exact: true }).fill(values.subject);
  await form.getByLabel(labels.message, { exact: true }).fill(values.message);
}

describe.skipIf(!hasChromium)("a visitor sends a message through the contact form", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer();
    await seedContent(server);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("sees the contact details with the address on several lines", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/contact`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Contact Us");
    await expect(
      page.getByTestId("contact-address").locator("span").allTextContents(),
    ).resolves.toEqual([
      "[Name of the organisation]",
      "[Street and number]",
      "[Postcode and city]",
      "[Country]",
    ]);
    await page.getByRole("heading", { name: "Send us a message" }).waitFor();
    await context.close();
  });

  it("gets every validation message, then sends, sees Sending..., the notice and an empty form", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = recordErrors(page);
    await page.goto(`${server.url}/contact`);
    await page.waitForLoadState("networkidle");
    const form = page.getByTestId("contact-form");
    const submit = form.getByRole("button", { name: "Send Message" });

    await submit.click();
    for (const message of [
      "Name is required",
      "Email is required",
      "Subject is required",
      "Message is required",
    ]) {
      await form.getByText(message, { exact: true }).waitFor();
    }
    await expect(
      form.getByLabel("Name", { exact: true }).getAttribute("aria-invalid"),
    ).resolves.toBe("true");

    await fillForm(page, {
      name: "Ana",
      email: "not-an-email",
      subject: "Hello",
      message: "Too short",
    });
    await submit.click();
    await form.getByText("Invalid email address", { exact: true }).waitFor();
    await form.getByText("Message must be at least 10 characters long", { exact: true }).waitFor();
    await expect(form.getByText("Name is required").count()).resolves.toBe(0);

    await fillForm(page, {
      name: "Ana Horvat",
      email: "ana@example.org",
      subject: "Volunteering",
      message: "I would like to help with the oral history project.",
    });
    await backdateForm(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/contact.data*", async (route) => {
      await held;
      await route.continue();
    });
    await submit.click();
    const sending = form.getByRole("button", { name: "Sending..." });
    await sending.waitFor();
    await expect(sending.isDisabled()).resolves.toBe(true);
    release();
    await page.getByText("Message sent!").waitFor();
    await page.getByText("Thank you for contacting us. We'll get back to you soon.").waitFor();
    await form.getByRole("button", { name: "Send Message" }).waitFor();
    await expect(form.getByLabel("Name", { exact: true }).inputValue()).resolves.toBe("");
    await expect(form.getByLabel("Message", { exact: true }).inputValue()).resolves.toBe("");
    await page.unroute("**/contact.data*");

    const stored = await listContactSubmissions(server.running.database.db);
    expect(stored.map((row) => [row.name, row.email, row.subject, row.status])).toEqual([
      ["Ana Horvat", "ana@example.org", "Volunteering", "new"],
    ]);
    // The notification is made in process (not awaited by the answer), kept in the outbox.
    await expect
      .poll(async () =>
        (await listOutboxEmails(server.running.database.db)).map((email) => email.subject),
      )
      .toContain("Contact form: Volunteering");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("sees the error notice when the message cannot be stored, with the text kept", async () => {
    const db = server.running.database.db;
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/contact`);
    await page.waitForLoadState("networkidle");
    await fillForm(page, {
      name: "Marko",
      email: "marko@example.org",
      subject: "Question",
      message: "Is the archive open to visitors?",
    });
    await backdateForm(page);
    await db.execute(
      sql`alter table content.contact_submissions rename to contact_submissions_away`,
    );
    try {
      await page.getByRole("button", { name: "Send Message" }).click();
      await page.getByText("Failed to send your message. Please try again.").waitFor();
      await page.getByText("Error", { exact: true }).waitFor();
    } finally {
      await db.execute(
        sql`alter table content.contact_submissions_away rename to contact_submissions`,
      );
    }
    await expect(page.getByLabel("Name", { exact: true }).inputValue()).resolves.toBe("Marko");
    await context.close();
  });

  it("sends in German, with German messages", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/de/contact`);
    await page.waitForLoadState("networkidle");
    const form = page.getByTestId("contact-form");
    await form.getByRole("button", { name: "Nachricht senden" }).click();
    await form.getByText("Bitte geben Sie Ihren Namen ein", { exact: false }).waitFor();
    const labels = { name: "Name", email: "E-Mail", subject: "Betreff", message: "Nachricht" };
    await fillForm(
      page,
      {
        name: "Lena",
        email: "lena@example.org",
        subject: "Spende",
        message: "Wie kann ich spenden?",
      },
      labels,
    );
    await backdateForm(page);
    await form.getByRole("button", { name: "Nachricht senden" }).click();
    await page.getByText("Nachricht gesendet!").waitFor();
    await context.close();
  });

  it("sends without JavaScript: messages and notice come in the server's page", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/bs/contact`);
    const form = page.getByTestId("contact-form");
    const response = page.waitForResponse((answer) => answer.request().method() === "POST");
    await form.getByRole("button").click();
    expect((await response).status()).toBe(200);
    // The answer is a new document: wait until it has replaced the form that was sent.
    await page.waitForLoadState("load");
    await form.locator("[aria-invalid=true]").first().waitFor();
    await expect(form.locator("[aria-invalid=true]").count()).resolves.toBe(4);

    await fillForm(
      page,
      {
        name: "Amra",
        email: "amra@example.org",
        subject: "Pitanje",
        message: "Kada je sljedeća radionica?",
      },
      { name: "Ime", email: "E-mail", subject: "Predmet", message: "Poruka" },
    );
    // A person takes longer than the form's minimum fill time.
    await page.waitForTimeout(2100);
    await form.getByRole("button").click();
    await page.getByTestId("contact-notice-success").waitFor();
    await expect(page.getByTestId("contact-notice-success").textContent()).resolves.toContain(
      "Poruka je poslana!",
    );
    const stored = await listContactSubmissions(server.running.database.db);
    expect(stored.map((row) => row.name)).toContain("Amra");
    await context.close();
  });

  it("drops a bot's message silently (honeypot filled)", async () => {
    const before = (await listContactSubmissions(server.running.database.db)).length;
    const body = new URLSearchParams({
      name: "Bot",
      email: "bot@example.org",
      subject: "Offer",
      message: "Cheap things for sale, very cheap.",
      website: "https://spam.example",
      form_started_at: String(Date.now() - 60_000),
    });
    const response = await fetch(`${server.url}/contact`, { method: "POST", body });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect((await listContactSubmissions(server.running.database.db)).length).toBe(before);
  });

  it("has no accessibility violations", async () => {
    await expectNoAxeViolations(browser, `${server.url}/contact`);
    await expectNoAxeViolations(browser, `${server.url}/de/contact`, {
      viewport: { width: 375, height: 740 },
    });
  });
});
