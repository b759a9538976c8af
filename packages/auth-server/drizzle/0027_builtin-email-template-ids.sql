-- The built-in e-mail templates take the reference's ids (DEFAULT_TEMPLATE_IDS of Stack's
-- stack-shared), which its SDK and apps send to send-email. The old ids map to the new ones all at
-- once, never one after the other: the old Email Verification id (…abd0) is the reference's
-- Password Reset id, which the old Password Reset (…abd1) takes.
--   Email Verification   a70fb3a4-…-49d25603abd0 -> e7d009ce-8d47-4528-b245-5bf119f2ffa3
--   Password Reset       a70fb3a4-…-49d25603abd1 -> a70fb3a4-56c1-4e42-af25-49d25603abd0
--   Magic Link/OTP       a70fb3a4-…-49d25603abd2 -> 822687fe-8d0a-4467-a0d1-416b6e639478
--   Team Invitation      a70fb3a4-…-49d25603abd3 -> e84de395-2076-4831-9c19-8e9a96a868e4
--   Sign In Invitation   a70fb3a4-…-49d25603abd4 -> 066dd73c-36da-4fd0-b6d6-ebf87683f8bc
-- A project's override of a built-in is the entry under its id in config emailDesigns.templates.
UPDATE "auth"."projects" SET "config" = jsonb_set("config", '{emailDesigns,templates}', (
  SELECT jsonb_object_agg(COALESCE("ids"."new_id", "entry"."key"), "entry"."value")
  FROM jsonb_each("config"->'emailDesigns'->'templates') AS "entry"
  LEFT JOIN (VALUES
    ('a70fb3a4-56c1-4e42-af25-49d25603abd0', 'e7d009ce-8d47-4528-b245-5bf119f2ffa3'),
    ('a70fb3a4-56c1-4e42-af25-49d25603abd1', 'a70fb3a4-56c1-4e42-af25-49d25603abd0'),
    ('a70fb3a4-56c1-4e42-af25-49d25603abd2', '822687fe-8d0a-4467-a0d1-416b6e639478'),
    ('a70fb3a4-56c1-4e42-af25-49d25603abd3', 'e84de395-2076-4831-9c19-8e9a96a868e4'),
    ('a70fb3a4-56c1-4e42-af25-49d25603abd4', '066dd73c-36da-4fd0-b6d6-ebf87683f8bc')
  ) AS "ids"("old_id", "new_id") ON "ids"."old_id" = "entry"."key"
))
WHERE jsonb_typeof("config"->'emailDesigns'->'templates') = 'object'
  AND EXISTS (
    SELECT 1 FROM jsonb_object_keys("config"->'emailDesigns'->'templates') AS "key"
    WHERE "key" LIKE 'a70fb3a4-56c1-4e42-af25-49d25603abd%'
  );--> statement-breakpoint
-- The config levels record the same entries under dot-notation keys
-- (emailDesigns.templates.<id>, or a field under it: emailDesigns.templates.<id>.tsxSource).
UPDATE "auth"."project_config_overrides" SET "override" = (
  SELECT jsonb_object_agg(
    CASE WHEN "ids"."old_id" IS NULL THEN "entry"."key"
      ELSE 'emailDesigns.templates.' || "ids"."new_id"
        || substr("entry"."key", length('emailDesigns.templates.' || "ids"."old_id") + 1)
    END,
    "entry"."value")
  FROM jsonb_each("override") AS "entry"
  LEFT JOIN (VALUES
    ('a70fb3a4-56c1-4e42-af25-49d25603abd0', 'e7d009ce-8d47-4528-b245-5bf119f2ffa3'),
    ('a70fb3a4-56c1-4e42-af25-49d25603abd1', 'a70fb3a4-56c1-4e42-af25-49d25603abd0'),
    ('a70fb3a4-56c1-4e42-af25-49d25603abd2', '822687fe-8d0a-4467-a0d1-416b6e639478'),
    ('a70fb3a4-56c1-4e42-af25-49d25603abd3', 'e84de395-2076-4831-9c19-8e9a96a868e4'),
    ('a70fb3a4-56c1-4e42-af25-49d25603abd4', '066dd73c-36da-4fd0-b6d6-ebf87683f8bc')
  ) AS "ids"("old_id", "new_id")
    ON "entry"."key" = 'emailDesigns.templates.' || "ids"."old_id"
    OR left("entry"."key", length('emailDesigns.templates.' || "ids"."old_id") + 1)
      = 'emailDesigns.templates.' || "ids"."old_id" || '.'
)
WHERE jsonb_typeof("override") = 'object'
  AND EXISTS (
    SELECT 1 FROM jsonb_object_keys("override") AS "key"
    WHERE "key" LIKE 'emailDesigns.templates.a70fb3a4-56c1-4e42-af25-49d25603abd%'
  );--> statement-breakpoint
-- Messages sent with a built-in template name it by id (the outbox API's template id).
UPDATE "auth"."email_outbox" SET "template_id" = CASE "template_id"
    WHEN 'a70fb3a4-56c1-4e42-af25-49d25603abd0' THEN 'e7d009ce-8d47-4528-b245-5bf119f2ffa3'
    WHEN 'a70fb3a4-56c1-4e42-af25-49d25603abd1' THEN 'a70fb3a4-56c1-4e42-af25-49d25603abd0'
    WHEN 'a70fb3a4-56c1-4e42-af25-49d25603abd2' THEN '822687fe-8d0a-4467-a0d1-416b6e639478'
    WHEN 'a70fb3a4-56c1-4e42-af25-49d25603abd3' THEN 'e84de395-2076-4831-9c19-8e9a96a868e4'
    WHEN 'a70fb3a4-56c1-4e42-af25-49d25603abd4' THEN '066dd73c-36da-4fd0-b6d6-ebf87683f8bc'
  END
WHERE "template_id" IN (
  'a70fb3a4-56c1-4e42-af25-49d25603abd0',
  'a70fb3a4-56c1-4e42-af25-49d25603abd1',
  'a70fb3a4-56c1-4e42-af25-49d25603abd2',
  'a70fb3a4-56c1-4e42-af25-49d25603abd3',
  'a70fb3a4-56c1-4e42-af25-49d25603abd4'
);
