/**
 * @module
 * The live social-share preview of the SEO screen (site spec, sections 2, 5 and 9): how a link
 * looks on Facebook (title cut at 95, description at 300) and Twitter (70 and 200), with hints
 * when the title is under 30 or over 60 characters and the description under 120 or over 160.
 * The image is the one the pages will carry (share-image.ts), never an empty box.
 */
import { type AdminTranslator, adminEnglish } from "../../../i18n/admin/translator";
import { chooseShareImage, shareImageNote } from "../../../lib/seo/share-image";
import { useAdminI18n } from "../shell/admin-language";

type T = AdminTranslator["t"];

export const socialLimits = {
  facebook: { title: 95, description: 300 },
  twitter: { title: 70, description: 200 },
} as const;

export function truncateText(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 3)}...` : text;
}

export function titleHint(title: string, t: T = adminEnglish.t): string | null {
  if (title.length < 30) return t("seo.preview.titleShort");
  if (title.length > 60) return t("seo.preview.titleLong");
  return null;
}

export function descriptionHint(description: string, t: T = adminEnglish.t): string | null {
  if (description.length < 120) return t("seo.preview.descriptionShort");
  if (description.length > 160) return t("seo.preview.descriptionLong");
  return null;
}

/** The share image's note (share-image.ts says it in English) in the admin's language. */
function imageNoteText(image: string, t: T): string | null {
  const note = shareImageNote(image);
  if (note === null) return null;
  return note.startsWith("SVG") ? t("seo.preview.svg") : t("seo.preview.notImage");
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return typeof window === "undefined" ? "" : window.location.host;
  }
}

function PreviewCard({
  network,
  title,
  description,
  image,
  host,
}: {
  network: "facebook" | "twitter";
  title: string;
  description: string;
  image: string;
  host: string;
}) {
  const limits = socialLimits[network];
  return (
    <figure
      className="overflow-hidden rounded-lg border border-gray-300 bg-white"
      data-testid={`${network}-preview`}
    >
      <figcaption className="border-b border-gray-200 bg-gray-50 px-3 py-1.5 text-xs font-semibold text-gray-700">
        {network === "facebook" ? "Facebook" : "Twitter"}
      </figcaption>
      <img src={image} alt="" className="aspect-[1200/630] w-full bg-gray-100 object-cover" />
      <div className="space-y-1 p-3">
        <p className="text-xs text-gray-600 uppercase">{host}</p>
        <p className="font-semibold text-gray-900" data-testid={`${network}-title`}>
          {truncateText(title, limits.title)}
        </p>
        <p className="text-sm text-gray-700" data-testid={`${network}-description`}>
          {truncateText(description, limits.description)}
        </p>
      </div>
    </figure>
  );
}

export function SocialPreview({
  title,
  description,
  image,
  url,
}: {
  title: string;
  description: string;
  image: string;
  url: string;
}) {
  const { t } = useAdminI18n();
  const host = hostOf(url);
  // The image the pages will really carry: the default share image when it is one the networks
  // show, else the site's built-in 1200 x 630 image (issue 19, defect 5).
  const shared = chooseShareImage(image).url;
  const imageNote = imageNoteText(image, t);
  const hints = [titleHint(title, t), descriptionHint(description, t)].filter(
    (hint): hint is string => hint !== null,
  );
  return (
    <section aria-labelledby="social-preview-heading" className="space-y-4">
      <h2 id="social-preview-heading" className="text-lg font-semibold">
        {t("seo.preview.heading")}
      </h2>
      <PreviewCard
        network="facebook"
        title={title}
        description={description}
        image={shared}
        host={host}
      />
      <PreviewCard
        network="twitter"
        title={title}
        description={description}
        image={shared}
        host={host}
      />
      {imageNote ? <p className="text-sm text-amber-800">{imageNote}</p> : null}
      {hints.length > 0 ? (
        <ul className="list-disc space-y-1 pl-5 text-sm text-amber-800">
          {hints.map((hint) => (
            <li key={hint}>{hint}</li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-green-700">{t("seo.preview.good")}</p>
      )}
    </section>
  );
}
