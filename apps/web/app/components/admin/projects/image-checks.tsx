/**
 * @module
 * Broken image addresses of a project, flagged in the admin before visitors meet them (issue 19,
 * defect 9): the project's image and its share image in each language are asked about
 * (`check-images`: an upload missing from the media storage, or an address the site serves no
 * image at), and the editor and the list say which field, in which language, is broken.
 */
import { TriangleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { type AdminTranslator, adminEnglish } from "../../../i18n/admin/translator";
import type {
  ContentClient,
  ImageProblem,
  ProjectRow,
} from "../../../lib/content-api/content-client";
import { adminLanguages, languageName } from "../common/languages";
import { useAdminI18n } from "../shell/admin-language";

type T = AdminTranslator["t"];

/** The image fields of a project, labelled as the dialog labels them. */
export function projectImageFields(
  t: T = adminEnglish.t,
): { field: keyof ProjectRow & string; label: string }[] {
  return [
    { field: "image", label: t("field.image") },
    ...adminLanguages.map((language) => ({
      field: `seo_og_image${language.suffix}` as keyof ProjectRow & string,
      label: t("projects.seo.image", { language: languageName(language.code, t) }),
    })),
  ];
}

export function imageWarning(
  label: string,
  problem: Exclude<ImageProblem, null>,
  t: T = adminEnglish.t,
): string {
  return problem === "missing"
    ? t("projects.image.missing", { label })
    : t("projects.image.notServed", { label });
}

type Values = Partial<Record<string, unknown>>;

/** The image addresses of a project's values, by field. */
function addressesOf(values: Values, t: T = adminEnglish.t): { label: string; url: string }[] {
  return projectImageFields(t)
    .map(({ field, label }) => ({ label, url: String(values[field] ?? "").trim() }))
    .filter((entry) => entry.url !== "");
}

/** The broken fields of values, given what the server said about each address. */
export function brokenImages(
  values: Values,
  problems: Map<string, ImageProblem>,
  t: T = adminEnglish.t,
): { label: string; problem: Exclude<ImageProblem, null> }[] {
  return addressesOf(values, t).flatMap(({ label, url }) => {
    const problem = problems.get(url);
    return problem ? [{ label, problem }] : [];
  });
}

/**
 * What the server says about every image address of `projects` (re-asked when an address
 * changes; a failed check flags nothing and is tried again with the next change).
 */
export function useImageProblems(
  client: ContentClient,
  projects: Values[],
  delayMs = 0,
): Map<string, ImageProblem> {
  const [problems, setProblems] = useState<Map<string, ImageProblem>>(new Map());
  const key = JSON.stringify(
    [
      ...new Set(projects.flatMap((values) => addressesOf(values).map((entry) => entry.url))),
    ].sort(),
  );
  useEffect(() => {
    const urls = JSON.parse(key) as string[];
    let current = true;
    const timer = setTimeout(() => {
      const batches: string[][] = [];
      for (let index = 0; index < urls.length; index += 50) {
        batches.push(urls.slice(index, index + 50));
      }
      Promise.all(batches.map((batch) => client.checkImages(batch))).then(
        (answers) => {
          if (current) setProblems(new Map(answers.flatMap((answer) => [...answer])));
        },
        () => undefined,
      );
    }, delayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [client, key, delayMs]);
  return problems;
}

/** The editor's warnings, one per broken field. */
export function ImageWarnings({
  broken,
}: {
  broken: { label: string; problem: Exclude<ImageProblem, null> }[];
}) {
  const { t } = useAdminI18n();
  if (broken.length === 0) return null;
  return (
    <ul
      aria-label={t("projects.image.warnings")}
      className="mt-4 space-y-1 rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-900"
    >
      {broken.map(({ label, problem }) => (
        <li key={label} className="flex gap-2 break-words">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{imageWarning(label, problem, t)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The list's flag for a project with broken images. */
export function BrokenImagesFlag({ labels }: { labels: string[] }) {
  const { t } = useAdminI18n();
  if (labels.length === 0) return null;
  return (
    <p className="mt-1 flex items-start gap-1 text-xs font-semibold text-amber-900">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      <span>{t("projects.image.broken", { labels: labels.join(", ") })}</span>
    </p>
  );
}
