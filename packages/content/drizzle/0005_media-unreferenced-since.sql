-- Uploads no content refers to any more are marked with the time a sweep first found them so
-- (issue 19, defect 9); the server removes their files once the mark is older than its grace
-- period (MEDIA_ORPHAN_GRACE_HOURS). Null: referred to, or not swept yet.
ALTER TABLE "content"."media" ADD COLUMN "unreferenced_since" timestamp with time zone;