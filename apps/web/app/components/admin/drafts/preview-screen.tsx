/**
 * @module
 * /admin/preview (issue 34, item 1; decision 036): a draft's page as visitors will see it once
 * published, in English, German or Bosnian, at a phone's width (390 px) or the desktop's. The
 * frame holds the real public page with the preview parameter, which only a signed-in admin's
 * request is answered with (and never stored).
 */
import { useNavigate, useSearchParams } from "react-router";
import { isSiteLanguage, type SiteLanguage } from "../../../lib/language";
import { parsePreviewParam, previewPath } from "../../../lib/preview/page-preview";
import { classNames } from "../../ui/class-names";
import { adminButton } from "../common/admin-styles";
import { adminLanguages, languageName } from "../common/languages";
import { useAdminI18n } from "../shell/admin-language";

const widths = { phone: 390, desktop: null } as const;
type Width = keyof typeof widths;

export function PreviewScreen() {
  const { t } = useAdminI18n();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const target = parsePreviewParam(`${params.get("table") ?? ""}:${params.get("id") ?? ""}`);
  const requested = params.get("language");
  const language: SiteLanguage = isSiteLanguage(requested) ? requested : "en";
  const width: Width = params.get("width") === "phone" ? "phone" : "desktop";
  const choose = (name: string, value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(name, value);
        return next;
      },
      { replace: true },
    );

  if (!target) {
    return (
      <div className="space-y-4">
        <h1 className="text-3xl font-semibold">{t("preview.title")}</h1>
        <p role="alert">{t("preview.missing")}</p>
      </div>
    );
  }
  const src = previewPath(target, language, params.get("slug") ?? undefined);
  const frameWidth = widths[width];
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-3xl font-semibold">{t("preview.title")}</h1>
        <p className="mt-2 text-gray-700">{t("preview.intro")}</p>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">{t("preview.language")}</legend>
          {adminLanguages.map((option) => (
            <button
              key={option.code}
              type="button"
              aria-pressed={option.code === language}
              className={adminButton(option.code === language ? "primary" : "outline")}
              onClick={() => choose("language", option.code)}
            >
              {languageName(option.code, t)}
            </button>
          ))}
        </fieldset>
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">{t("preview.width")}</legend>
          {(Object.keys(widths) as Width[]).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={option === width}
              className={adminButton(option === width ? "primary" : "outline")}
              onClick={() => choose("width", option)}
            >
              {t(option === "phone" ? "preview.phone" : "preview.desktop")}
            </button>
          ))}
        </fieldset>
        <a href={src} target="_blank" rel="noopener" className={adminButton("ghost")}>
          {t("preview.openInTab")}
        </a>
        <button type="button" className={adminButton("ghost")} onClick={() => void navigate(-1)}>
          {t("preview.back")}
        </button>
      </div>
      <div className="overflow-x-auto rounded-lg border border-gray-300 bg-gray-100 p-2">
        <iframe
          key={src}
          src={src}
          title={t("preview.frame", { language: languageName(language, t) })}
          className={classNames("mx-auto block h-[75vh] bg-white", frameWidth ? "" : "w-full")}
          style={frameWidth ? { width: `${frameWidth}px` } : undefined}
        />
      </div>
    </div>
  );
}
