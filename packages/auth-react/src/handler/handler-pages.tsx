/**
 * @module
 * The small handler pages: sign-out, error and not found. The other pages have modules of their own.
 */
import { useEffect, useRef, useState } from "react";
import { useAuth } from "../hooks/use-auth";
import { useHandlerOptions } from "./handler-options";
import { HandlerCard } from "./handler-ui";
import { serverErrorText } from "./i18n/server-errors";

export function SignOutPage() {
  const { urls, navigate, classNames, i18n } = useHandlerOptions();
  const { t, errorText } = i18n;
  const { signOut } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signOut().then(
      () => navigate(urls.afterSignOut, { replace: true }),
      (caught: unknown) => setError(errorText(caught, "signOut.failed")),
    );
  }, [signOut, navigate, urls.afterSignOut, errorText]);

  return (
    <HandlerCard title={t("signOut.title")}>
      {error ? (
        <p role="alert" className={classNames.error}>
          {error}
        </p>
      ) : (
        <p role="status" className={classNames.status}>
          {t("signOut.status")}
        </p>
      )}
    </HandlerCard>
  );
}

/**
 * The message of /handler/error?errorCode=…&message=…. English shows the message as sent; the
 * other languages show the catalogue's text of a known code (the sent message is the server's
 * English), else the generic one. The code itself is shown in every language.
 */
function useErrorPageMessage(code: string | null, message: string | null): string {
  const { language, t } = useHandlerOptions().i18n;
  if (language === "en") return message || t("common.unknownError");
  const text = code ? serverErrorText(code, null) : null;
  if (text) return t(text.key, text.values);
  return code || message ? t("error.generic") : t("common.unknownError");
}

export function ErrorPage() {
  const { urls, searchParams, classNames, i18n } = useHandlerOptions();
  const { t } = i18n;
  const code = searchParams.get("errorCode");
  const message = useErrorPageMessage(code, searchParams.get("message"));
  return (
    <HandlerCard title={t("common.somethingWentWrong")}>
      <p role="alert" className={classNames.error}>
        {message}
      </p>
      {code ? <p className={classNames.text}>{t("errorPage.errorCode", { code })}</p> : null}
      <p className={classNames.text}>
        <a className={classNames.link} href={urls.home}>
          {t("common.goHome")}
        </a>
      </p>
    </HandlerCard>
  );
}

export function NotFoundPage() {
  const { urls, classNames, i18n } = useHandlerOptions();
  const { t } = i18n;
  return (
    <HandlerCard title={t("notFound.title")}>
      <p className={classNames.text}>{t("notFound.text")}</p>
      <p className={classNames.text}>
        <a className={classNames.link} href={urls.home}>
          {t("common.goHome")}
        </a>
      </p>
    </HandlerCard>
  );
}
