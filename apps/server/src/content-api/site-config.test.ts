import { describe, expect, it } from "vitest";
import { siteConfigSchema, siteConfigShape } from "../config/site-config";
import { createMediaStorageFromConfig } from "../media/media-storage-from-config";

describe("siteConfigShape", () => {
  it("describes every variable and has working defaults", () => {
    for (const [name, schema] of Object.entries(siteConfigShape)) {
      expect(schema.description, name).toBeTruthy();
    }
    const config = siteConfigSchema.parse({});
    expect(config).toMatchObject({
      EMAIL_FROM: "Balkan Heritage <no-reply@example.org>",
      CONTACT_RATE_LIMIT_MAX: 5,
      CONTACT_RATE_LIMIT_WINDOW_SECONDS: 900,
      CONTACT_MIN_FILL_SECONDS: 3,
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: true,
    });
    expect(config.SMTP_URL).toBeUndefined();
    expect(createMediaStorageFromConfig({ ...config, DATA_DIR: "/data" }).urlFor("k")).toBe(
      "/media/k",
    );
  });

  it("names the variable and the reason when a value is wrong", () => {
    const issues = (env: Record<string, string>) =>
      siteConfigSchema.safeParse(env).error?.issues.map((issue) => [issue.path[0], issue.message]);
    expect(issues({ SMTP_URL: "http://mail" })).toEqual([
      ["SMTP_URL", "expected an smtp:// or smtps:// URL"],
    ]);
    expect(issues({ S3_BUCKET: "media" })).toEqual([
      ["S3_ACCESS_KEY_ID", "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required with S3_BUCKET"],
    ]);
    expect(issues({ CONTACT_RATE_LIMIT_MAX: "0" })?.[0]?.[0]).toBe("CONTACT_RATE_LIMIT_MAX");
    const withoutKeys = siteConfigSchema.parse({});
    expect(() =>
      createMediaStorageFromConfig({ ...withoutKeys, S3_BUCKET: "media", DATA_DIR: "/data" }),
    ).toThrow("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required with S3_BUCKET");
  });
});
