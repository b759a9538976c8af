-- Global SEO text per language (issue 19, defect 4): every language lives in the row's `content`
-- as suffixed fields (default_title_de, default_description_bs, ...), like a project's SEO
-- fields. German or Bosnian settings kept until now as a whole object in content_de / content_bs
-- move into those fields (where `content` has none yet), and the two columns are emptied:
-- nothing reads them any more. Content stored as a JSON string is read as the object it holds;
-- a value that is no object is left as it is.
DO $$
DECLARE
	seo record;
	merged jsonb;
	translated jsonb;
	language text;
	field text;
	value jsonb;
BEGIN
	FOR seo IN
		SELECT "id", "content", "content_de", "content_bs" FROM "content"."site_content"
		WHERE "content_type" = 'global_seo'
	LOOP
		merged := COALESCE(seo."content", '{}'::jsonb);
		IF jsonb_typeof(merged) = 'string' THEN
			BEGIN
				merged := (merged #>> '{}')::jsonb;
			EXCEPTION WHEN others THEN
				merged := NULL;
			END;
		END IF;
		CONTINUE WHEN merged IS NULL OR jsonb_typeof(merged) <> 'object';
		FOREACH language IN ARRAY ARRAY['de', 'bs'] LOOP
			translated := CASE language WHEN 'de' THEN seo."content_de" ELSE seo."content_bs" END;
			IF jsonb_typeof(translated) = 'string' THEN
				BEGIN
					translated := (translated #>> '{}')::jsonb;
				EXCEPTION WHEN others THEN
					translated := NULL;
				END;
			END IF;
			CONTINUE WHEN translated IS NULL OR jsonb_typeof(translated) <> 'object';
			FOREACH field IN ARRAY ARRAY['default_title', 'default_description', 'default_keywords'] LOOP
				value := translated -> field;
				IF value IS NOT NULL
					AND value NOT IN ('null'::jsonb, '""'::jsonb, '[]'::jsonb)
					AND merged -> (field || '_' || language) IS NULL
				THEN
					merged := merged || jsonb_build_object(field || '_' || language, value);
				END IF;
			END LOOP;
		END LOOP;
		UPDATE "content"."site_content"
		SET "content" = merged, "content_de" = NULL, "content_bs" = NULL
		WHERE "id" = seo."id";
	END LOOP;
END $$;
