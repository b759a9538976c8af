-- Projects' own e-mail templates and themes move from config `emailDesigns.{templates,themes}` to
-- the reference's keys `emails.{templates,themes}`, beside `emails.server` and
-- `emails.selectedThemeId`, so that a config override written for the reference
-- (`emails.templates.<id>`) names the same setting here.
UPDATE "auth"."projects" SET "config" = ("config" - 'emailDesigns') || jsonb_build_object(
  'emails',
  CASE WHEN jsonb_typeof("config"->'emails') = 'object' THEN "config"->'emails' ELSE '{}'::jsonb END
    || jsonb_strip_nulls(jsonb_build_object(
      'templates', "config"->'emailDesigns'->'templates',
      'themes', "config"->'emailDesigns'->'themes'
    ))
)
WHERE "config" ? 'emailDesigns';--> statement-breakpoint
-- The config levels record the same settings under dot-notation keys: `emailDesigns.templates.<id>`
-- (or a field under it) becomes `emails.templates.<id>`; a key naming `emailDesigns` itself (an
-- object with templates and themes, or null to remove both) becomes one key for each.
UPDATE "auth"."project_config_overrides" SET "override" = COALESCE((
  SELECT jsonb_object_agg("renamed"."key", "renamed"."value")
  FROM jsonb_each("override") AS "entry"
  CROSS JOIN LATERAL (
    SELECT "entry"."key", "entry"."value"
    WHERE "entry"."key" <> 'emailDesigns' AND "entry"."key" NOT LIKE 'emailDesigns.%'
    UNION ALL
    SELECT 'emails.' || substr("entry"."key", length('emailDesigns.') + 1), "entry"."value"
    WHERE "entry"."key" LIKE 'emailDesigns.%'
    UNION ALL
    SELECT 'emails.' || "part", CASE WHEN jsonb_typeof("entry"."value") = 'object'
        THEN "entry"."value"->"part" ELSE 'null'::jsonb END
    FROM unnest(ARRAY['templates', 'themes']) AS "part"
    WHERE "entry"."key" = 'emailDesigns'
      AND (jsonb_typeof("entry"."value") <> 'object' OR "entry"."value" ? "part")
  ) AS "renamed"
), '{}'::jsonb)
WHERE jsonb_typeof("override") = 'object'
  AND EXISTS (
    SELECT 1 FROM jsonb_object_keys("override") AS "key"
    WHERE "key" = 'emailDesigns' OR "key" LIKE 'emailDesigns.%'
  );
