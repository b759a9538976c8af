/**
 * @module
 * The Performance tab of /admin/seo (site spec, sections 2, 4 and 9). Both checks measure a public
 * page the admin chooses (home, about, contact, imprint, privacy, in each language; issue 33,
 * item 5), loaded 375 px wide in a same-origin frame: its Core Web Vitals (page-vitals.ts;
 * refreshed every 2 s after a 3 s measuring window from each load) and the Mobile SEO check (1 s
 * after opening, 0.5 s after coming back, after choosing another page, and on demand); a
 * Show/Hide Details toggle, a layout-shift monitor and the slow-navigation warning (admin
 * navigations over 100 ms, timed by the admin layout).
 */
import { CheckCircle2, XCircle } from "lucide-react";
import { type ReactNode, type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useNavigationType } from "react-router";
import type { AdminTranslator } from "../../../i18n/admin/translator";
import { siteLanguages, withLanguagePrefix } from "../../../lib/language";
import { staticPagePaths } from "../../../lib/paths";
import { classNames } from "../../ui/class-names";
import { adminButton } from "../common/admin-styles";
import { languageName } from "../common/languages";
import { useAdminI18n } from "../shell/admin-language";
import {
  checkMobileSeo,
  MOBILE_VIEWPORT_WIDTH,
  type MobileSeoResult,
  TOUCH_TARGET_MIN_PX,
} from "./mobile-seo-check";
import { describeSlowNavigation, type NavigationTiming, navigationLog } from "./navigation-timing";
import { observePageVitals } from "./page-vitals";
import {
  formatVital,
  overallScore,
  rateVital,
  recommendationsFor,
  type VitalRating,
  type VitalValues,
  vitalNames,
} from "./web-vitals-report";

/** Spec section 9. */
export const MEASUREMENT_WINDOW_MS = 3000;
export const REPORT_REFRESH_MS = 2000;
export const CHECK_DELAY_ON_OPEN_MS = 1000;
export const CHECK_DELAY_ON_RETURN_MS = 500;

const ratingStyles: Record<VitalRating, string> = {
  good: "bg-green-100 text-green-800",
  "needs-improvement": "bg-yellow-100 text-yellow-900",
  poor: "bg-red-100 text-red-800",
};

function percent(rate: number) {
  return `${Math.round(rate * 100)}%`;
}

function CheckItem({ isPassing, children }: { isPassing: boolean; children: ReactNode }) {
  const Icon = isPassing ? CheckCircle2 : XCircle;
  const { t } = useAdminI18n();
  return (
    <li className="flex items-start gap-2">
      <Icon
        aria-hidden="true"
        className={classNames(
          "mt-0.5 size-5 shrink-0",
          isPassing ? "text-green-700" : "text-red-700",
        )}
      />
      <span>
        <span className="sr-only">{isPassing ? t("perf.pass") : t("perf.fail")} </span>
        {children}
      </span>
    </li>
  );
}

/** Every public page the tab can measure, by its path, named in the admin's language. */
function publicPagesIn(t: AdminTranslator["t"]) {
  return siteLanguages.flatMap((language) =>
    staticPagePaths.map((path) => ({
      path: withLanguagePrefix(path, language),
      language,
      label: t("perf.pageIn", {
        page: t(`perf.page.${path}`),
        language: languageName(language, t),
      }),
    })),
  );
}
const labelOf = (path: string, t: AdminTranslator["t"]) =>
  publicPagesIn(t).find((page) => page.path === path)?.label ?? path;

/** The chosen page's vitals: measured from each load of its frame, 3 s, then every 2 s. */
function usePageVitals(loadedFrame: HTMLIFrameElement | null) {
  const [values, setValues] = useState<VitalValues>({});
  const [isMeasuring, setIsMeasuring] = useState(true);
  useEffect(() => {
    setValues({});
    setIsMeasuring(true);
    const frameWindow = loadedFrame?.contentWindow;
    if (!frameWindow) return;
    let measured: VitalValues = {};
    const stop = observePageVitals(frameWindow, (latest) => {
      measured = latest;
    });
    const windowTimer = window.setTimeout(() => {
      setIsMeasuring(false);
      setValues({ ...measured });
    }, MEASUREMENT_WINDOW_MS);
    const refresh = window.setInterval(() => setValues({ ...measured }), REPORT_REFRESH_MS);
    return () => {
      stop();
      window.clearTimeout(windowTimer);
      window.clearInterval(refresh);
    };
  }, [loadedFrame]);
  return { values, isMeasuring };
}

/** The slow navigations recorded so far, re-read with the report. */
function useSlowNavigations(): NavigationTiming[] {
  const [slow, setSlow] = useState<NavigationTiming[]>([]);
  useEffect(() => {
    setSlow(navigationLog.slowNavigations());
    const refresh = window.setInterval(
      () => setSlow(navigationLog.slowNavigations()),
      REPORT_REFRESH_MS,
    );
    return () => window.clearInterval(refresh);
  }, []);
  return slow;
}

function useMobileSeoCheck(path: string) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [result, setResult] = useState<MobileSeoResult | null>(null);
  const [isChecking, setIsChecking] = useState(false);
  const [checkError, setCheckError] = useState<string | null>(null);
  const navigationType = useNavigationType();
  const { t } = useAdminI18n();

  const runCheck = useCallback(() => {
    const frame = frameRef.current;
    if (!frame) return;
    setIsChecking(true);
    const inspect = () => {
      try {
        const document = frame.contentDocument;
        if (!document?.body) throw new Error(t("perf.unreadable"));
        setResult(checkMobileSeo(document));
        setCheckError(null);
      } catch (error) {
        setCheckError(error instanceof Error ? error.message : t("perf.checkFailedUnknown"));
      } finally {
        setIsChecking(false);
      }
    };
    if (frame.contentDocument?.readyState === "complete" && frame.dataset.loaded === "true") {
      inspect();
    } else {
      frame.addEventListener("load", inspect, { once: true });
    }
  }, [t]);

  useEffect(() => {
    const delay = navigationType === "POP" ? CHECK_DELAY_ON_RETURN_MS : CHECK_DELAY_ON_OPEN_MS;
    const timer = window.setTimeout(runCheck, delay);
    // Coming back to this page from the browser's history cache.
    let returnTimer: number | undefined;
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) returnTimer = window.setTimeout(runCheck, CHECK_DELAY_ON_RETURN_MS);
    };
    window.addEventListener("pageshow", onPageShow);
    return () => {
      window.clearTimeout(timer);
      window.clearTimeout(returnTimer);
      window.removeEventListener("pageshow", onPageShow);
    };
  }, [navigationType, runCheck]);

  // Another page chosen: its new frame is checked once it has loaded.
  const checkedPath = useRef(path);
  useEffect(() => {
    if (checkedPath.current === path) return;
    checkedPath.current = path;
    setResult(null);
    runCheck();
  }, [path, runCheck]);

  return { frameRef, result, isChecking, checkError, runCheck };
}

/**
 * The chosen public page at phone width, inert and invisible: only measured. It stands inside
 * the viewport, transparent and behind the screen, because the browser does not paint a frame
 * outside the viewport (no paint timings). Rendered into the body, so it has a layout even while
 * the Performance tab is hidden; a new page is a new frame.
 */
function MobileFrame({
  frameRef,
  path,
  onLoaded,
}: {
  frameRef: RefObject<HTMLIFrameElement | null>;
  path: string;
  onLoaded: (frame: HTMLIFrameElement) => void;
}) {
  const { t } = useAdminI18n();
  const [container, setContainer] = useState<HTMLElement | null>(null);
  useEffect(() => setContainer(document.body), []);
  if (!container) return null;
  return createPortal(
    <div
      inert
      className="pointer-events-none fixed top-0 left-0 -z-10 h-[812px] opacity-[0.01]"
      style={{ width: MOBILE_VIEWPORT_WIDTH }}
    >
      <iframe
        key={path}
        ref={frameRef}
        src={path}
        title={t("perf.frameTitle", { page: labelOf(path, t) })}
        width={MOBILE_VIEWPORT_WIDTH}
        height={812}
        onLoad={(event) => {
          event.currentTarget.dataset.loaded = "true";
          onLoaded(event.currentTarget);
        }}
      />
    </div>,
    container,
  );
}

/** The measured frame as a device: "Mobile (375×812, pixel ratio 1)". */
function describeFrame(frame: HTMLIFrameElement | null, t: AdminTranslator["t"]): string {
  const view = frame?.contentWindow;
  if (!view) return "";
  const values = {
    width: view.innerWidth,
    height: view.innerHeight,
    ratio: view.devicePixelRatio,
  };
  return view.innerWidth < 768 ? t("perf.mobile", values) : t("perf.desktop", values);
}

export function PerformancePanel() {
  const { t } = useAdminI18n();
  const [path, setPath] = useState("/");
  const publicPages = publicPagesIn(t);
  const { frameRef, result, isChecking, checkError, runCheck } = useMobileSeoCheck(path);
  const [loadedFrame, setLoadedFrame] = useState<HTMLIFrameElement | null>(null);
  const { values, isMeasuring } = usePageVitals(loadedFrame);
  const [isShowingDetails, setIsShowingDetails] = useState(false);
  const slowNavigations = useSlowNavigations();
  const score = overallScore(values);
  const recommendations = recommendationsFor(values, t);
  const cls = values.CLS ?? 0;

  return (
    <div className="space-y-8">
      <MobileFrame frameRef={frameRef} path={path} onLoaded={setLoadedFrame} />
      <div className="space-y-1">
        <label htmlFor="performance-page" className="block font-semibold">
          {t("perf.pageToCheck")}
        </label>
        <select
          id="performance-page"
          value={path}
          onChange={(event) => {
            // The figures shown are the new page's from its first load, never the old page's.
            setLoadedFrame(null);
            setPath(event.target.value);
          }}
          className="rounded-md border border-gray-300 bg-white px-3 py-2"
        >
          {siteLanguages.map((language) => (
            <optgroup key={language} label={languageName(language, t)}>
              {publicPages
                .filter((page) => page.language === language)
                .map((page) => (
                  <option key={page.path} value={page.path}>
                    {page.label}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
        <p className="text-sm text-gray-700">{t("perf.pageHint")}</p>
      </div>

      <section aria-labelledby="web-vitals-heading" className="space-y-3">
        <h2 id="web-vitals-heading" className="text-lg font-semibold">
          {t("perf.vitals")}
        </h2>
        {isMeasuring && score === null ? (
          <p className="text-gray-700">{t("perf.measuring")}</p>
        ) : (
          <p className="text-gray-900">
            {t("perf.overall")}{" "}
            <strong data-testid="vitals-score" className="text-2xl">
              {score === null ? "–" : score}
            </strong>
            {score === null ? null : <span className="text-gray-600">/100</span>}
          </p>
        )}
        <ul className="grid gap-2 sm:grid-cols-2">
          {vitalNames.map((name) => {
            const value = values[name];
            const rating = value === undefined ? null : rateVital(name, value);
            return (
              <li
                key={name}
                data-testid={`vital-${name}`}
                className="flex items-center justify-between rounded-md border border-gray-200 px-3 py-2"
              >
                <span className="font-semibold">{name}</span>
                <span className="flex items-center gap-2">
                  <span>
                    {value === undefined ? t("perf.notMeasured") : formatVital(name, value)}
                  </span>
                  {rating ? (
                    <span
                      className={classNames(
                        "rounded-full px-2 py-0.5 text-xs font-semibold",
                        ratingStyles[rating],
                      )}
                    >
                      {t(`perf.rating.${rating}`)}
                    </span>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ul>
        {recommendations.length > 0 ? (
          <div>
            <h3 className="font-semibold">{t("perf.recommendations")}</h3>
            <ul className="list-disc space-y-1 pl-5 text-sm text-gray-800">
              {recommendations.map((recommendation) => (
                <li key={recommendation}>{recommendation}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {cls > 0 ? (
          <p
            role="status"
            data-testid="layout-shift-monitor"
            className="rounded-md bg-yellow-50 p-3 text-sm text-yellow-900"
          >
            {t("perf.layoutShift", {
              value: formatVital("CLS", cls),
              rating: t(`perf.rating.${rateVital("CLS", cls)}`),
            })}
          </p>
        ) : null}
        {slowNavigations.length > 0 ? (
          <div
            role="status"
            data-testid="slow-navigation-warning"
            className="rounded-md bg-yellow-50 p-3 text-sm text-yellow-900"
          >
            <ul className="space-y-1">
              {slowNavigations.map((timing) => (
                <li key={`${timing.path} ${timing.durationMs}`}>
                  {describeSlowNavigation(timing, t)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <button
          type="button"
          className={adminButton("ghost")}
          aria-expanded={isShowingDetails}
          aria-controls="performance-details"
          onClick={() => setIsShowingDetails((current) => !current)}
        >
          {isShowingDetails ? t("perf.hideDetails") : t("perf.showDetails")}
        </button>
        {isShowingDetails ? (
          <dl
            id="performance-details"
            className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm"
          >
            {(["LCP", "FID", "CLS"] as const).map((name) => (
              <div key={name} className="contents">
                <dt className="font-semibold">{name}</dt>
                <dd>
                  {values[name] === undefined
                    ? t("perf.notMeasured")
                    : formatVital(name, values[name] as number)}
                </dd>
              </div>
            ))}
            <dt className="font-semibold">{t("perf.device")}</dt>
            <dd data-testid="device-details">{describeFrame(frameRef.current, t)}</dd>
          </dl>
        ) : null}
      </section>

      <section aria-labelledby="mobile-seo-heading" className="space-y-3">
        <h2 id="mobile-seo-heading" className="text-lg font-semibold">
          {t("perf.mobileSeo")}
        </h2>
        {result ? (
          <>
            <p>
              {t("perf.mobileScore")}{" "}
              <strong data-testid="mobile-seo-score" className="text-2xl">
                {result.score}
              </strong>
              <span className="text-gray-600">/100</span>
            </p>
            <ul className="space-y-2 text-sm" aria-label={t("perf.checklist")}>
              <CheckItem isPassing={result.touchTargets.isPassing}>
                {t("perf.touchTargets", {
                  min: TOUCH_TARGET_MIN_PX,
                  rate: percent(result.touchTargets.rate),
                  total: result.touchTargets.total,
                })}
              </CheckItem>
              <CheckItem isPassing={result.responsiveImages.isPassing}>
                {t("perf.responsiveImages", {
                  rate: percent(result.responsiveImages.rate),
                  total: result.responsiveImages.total,
                })}
              </CheckItem>
              <CheckItem isPassing={result.hasSingleH1}>
                {t("perf.oneH1", { count: result.h1Count })}
              </CheckItem>
            </ul>
          </>
        ) : checkError ? (
          <p role="alert" className="text-red-700">
            {t("perf.checkFailed", { message: checkError })}
          </p>
        ) : (
          <p className="text-gray-700">
            {t("perf.checking", { page: labelOf(path, t), width: MOBILE_VIEWPORT_WIDTH })}
          </p>
        )}
        <button
          type="button"
          className={adminButton("outline")}
          disabled={isChecking}
          onClick={runCheck}
        >
          {isChecking ? t("perf.checkingShort") : t("perf.runCheck")}
        </button>
      </section>
    </div>
  );
}
