/**
 * The warning at start while the default copy's placeholders are still in the site content
 * (issue 33, item 3): one warn line, structured like the other start lines, naming what is left
 * and where the go-live checklist is; none once everything is replaced.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { saveGlobalSeo, saveSiteContentRow } from "@heritage/content";
import { createTestDatabase } from "@heritage/db/testing";
import { afterAll, describe, expect, it } from "vitest";
import { startServer } from "../server";
import { warnOfPlaceholdersLeft } from "./go-live-check";

const dataDirs: string[] = [];
afterAll(async () => {
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

type LogLine = { level: number; msg: string; [field: string]: unknown };

describe("the go-live warning at start", () => {
  it("names the placeholders a fresh install still holds, in one warn line pointing at the checklist", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "heritage-go-live-"));
    dataDirs.push(dataDir);
    const lines: LogLine[] = [];
    const server = await startServer({
      env: {
        HOST: "127.0.0.1",
        PORT: "0",
        DATA_DIR: dataDir,
        LOG_LEVEL: "info",
        SECRETS_KEY: "go-live-test-secrets-key-0123456789",
        PUBLIC_URL: "https://heritage.test",
      },
      database: await createTestDatabase(),
      logDestination: { write: (line: string) => lines.push(JSON.parse(line) as LogLine) },
    });
    try {
      const warnings = lines.filter((line) => /placeholder/.test(line.msg));
      expect(warnings).toHaveLength(1);
      const [warning] = warnings;
      expect(warning).toMatchObject({
        level: 40,
        service: "heritage",
        checklist: "https://heritage.test/admin",
        msg: expect.stringMatching(
          /^not ready to go live: the site content still holds the default copy's placeholders \(10 fields, hidden from visitors\); .*go-live checklist/,
        ),
      });
      expect(warning?.placeholders).toEqual(
        expect.arrayContaining([
          "impressum content (en, de, bs)",
          "contact address (en, de, bs)",
          "footer email (en, de, bs)",
          "seo social",
        ]),
      );
      // After the line saying the server listens, as the other start lines are.
      const listening = lines.findIndex((line) => line.msg === "listening");
      expect(listening).toBeGreaterThanOrEqual(0);
      expect(lines.indexOf(warning as LogLine)).toBeGreaterThan(listening);
    } finally {
      await server.stop();
    }
  });

  it("says nothing once every placeholder is replaced", async () => {
    const database = await createTestDatabase();
    try {
      const everyLanguage = (content: Record<string, string>) => ({
        content,
        content_de: content,
        content_bs: content,
      });
      const legal = everyLanguage({
        title: "Impressum",
        content: "<p>Sevdah e.V., Ferhadija 1, 71000 Sarajevo</p>",
      });
      await saveSiteContentRow(database.db, { id: "impressum", ...legal });
      await saveSiteContentRow(database.db, { id: "datenschutz", ...legal });
      const details = { email: "office@sevdah.ba", phone: "+387 33 123 456" };
      await saveSiteContentRow(database.db, {
        id: "contact",
        ...everyLanguage({ ...details, address: "Sevdah e.V.\nFerhadija 1\n71000 Sarajevo" }),
      });
      await saveSiteContentRow(database.db, { id: "footer", ...everyLanguage(details) });
      await saveGlobalSeo(database.db, {
        contact_email: details.email,
        contact_phone: details.phone,
        social_instagram: "https://www.instagram.com/sevdah",
      });
      const warned: unknown[] = [];
      const logger = { warn: (...args: unknown[]) => warned.push(args) };
      await expect(
        warnOfPlaceholdersLeft(database.db, logger as never, "https://sevdah.ba"),
      ).resolves.toEqual([]);
      expect(warned).toEqual([]);

      // One put back (the German footer's phone) is named again.
      await saveSiteContentRow(database.db, {
        id: "footer",
        ...everyLanguage(details),
        content_de: { ...details, phone: "+387 00 000 000" },
      });
      await expect(
        warnOfPlaceholdersLeft(database.db, logger as never, "https://sevdah.ba/"),
      ).resolves.toEqual(["footer phone (de)"]);
      expect(warned).toEqual([
        [
          { placeholders: ["footer phone (de)"], checklist: "https://sevdah.ba/admin" },
          expect.stringContaining("placeholders (1 field, hidden from visitors)"),
        ],
      ]);
    } finally {
      await database.close();
    }
  });
});
