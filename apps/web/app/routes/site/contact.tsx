import { findCopyPlaceholders, loadPageContent } from "@heritage/content";
import { type LucideIcon, Mail, MapPin, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { data, useActionData, useLoaderData } from "react-router";
import { ContactForm } from "../../components/site/contact-form";
import { PageHeader } from "../../components/site/page-header";
import { FORM_STARTED_AT_FIELD, HONEYPOT_FIELD } from "../../lib/contact-form-fields";
import { useStrings } from "../../lib/i18n";
import { languageFromPath } from "../../lib/language";
import { readPagePreview } from "../../lib/preview/page-preview.server";
import { forwardLayoutHeaders } from "../../lib/seo/page-headers";
import { pageMeta } from "../../lib/seo/page-meta";
import { composeTitle } from "../../lib/seo/seo";
import {
  loadSiteSeo,
  logLoadFailure,
  withoutContactPlaceholders,
} from "../../lib/site-data.server";
import type { PageSeo } from "../../lib/site-types";
import type { Route } from "./+types/contact";
import { handleContactSubmission } from "./contact.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const language = languageFromPath(new URL(request.url).pathname);
  const preview = (await readPagePreview(request, context))?.overlay;
  const [contact, site] = await Promise.all([
    loadPageContent(
      context.db,
      "contact",
      language,
      (error) => logLoadFailure("contact content", error, context.requestId),
      preview,
    ),
    loadSiteSeo(context.db, language, context.requestId),
  ]);
  const seo: PageSeo = {
    title: composeTitle(contact.title, site.siteName),
    description: contact.description || site.defaultDescription,
    // The built-in address, e-mail or phone placeholder: not for search engines (defect 10).
    noindex: findCopyPlaceholders("contact", language, contact).length > 0,
  };
  // Visitors see no placeholder: an e-mail, phone or address line still holding one is left out
  // (issue 33, item 3); the admin's form shows the stored text.
  return data({ contact: withoutContactPlaceholders(contact), seo, formStartedAt: Date.now() });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { result, status } = await handleContactSubmission(request, context);
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (result.status === "rate-limited" && result.retryAfterSeconds !== null) {
    headers.set("Retry-After", String(result.retryAfterSeconds));
  }
  return data(result, { status, headers });
}

/**
 * The form carries the time it was served (the "sent too fast" bot check), so no shared cache
 * (a CDN, the server's page cache) may hand one copy to many visitors; the browser still keeps
 * the page and revalidates it with the ETag.
 */
export function headers(args: Route.HeadersArgs): Headers {
  const headers = forwardLayoutHeaders(args);
  if (headers.get("Cache-Control")?.startsWith("public")) {
    headers.set("Cache-Control", "private, no-cache");
  }
  return headers;
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, args.data?.seo);
}

export default function ContactPage() {
  const { contact, formStartedAt } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const strings = useStrings();
  const phoneHref = `tel:${contact.phone.replace(/[^\d+]/g, "")}`;
  const hasDetails = contact.email !== "" || contact.phone !== "" || contact.address !== "";
  return (
    <>
      <PageHeader title={contact.title} subtitle={contact.subtitle} />
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <p className="text-lg leading-relaxed">{contact.description}</p>
          {hasDetails && (
            <ul className="mt-8 space-y-6">
              {contact.email !== "" && (
                <ContactDetail icon={Mail} label={strings.contact.emailLabel}>
                  <a
                    href={`mailto:${contact.email}`}
                    className="text-(--color-heritage-700) underline underline-offset-2"
                  >
                    {contact.email}
                  </a>
                </ContactDetail>
              )}
              {contact.phone !== "" && (
                <ContactDetail icon={Phone} label={strings.contact.phoneLabel}>
                  <a
                    href={phoneHref}
                    className="text-(--color-heritage-700) underline underline-offset-2"
                  >
                    {contact.phone}
                  </a>
                </ContactDetail>
              )}
              {contact.address !== "" && (
                <ContactDetail icon={MapPin} label={strings.contact.addressLabel}>
                  <address className="not-italic" data-testid="contact-address">
                    {contact.address.split("\n").map((line, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: address lines have no identity
                      <span key={index} className="block">
                        {line}
                      </span>
                    ))}
                  </address>
                </ContactDetail>
              )}
            </ul>
          )}
        </div>
        <div className="lg:col-span-3">
          <ContactForm
            title={contact.formTitle}
            result={result}
            formStartedAt={formStartedAt}
            honeypotField={HONEYPOT_FIELD}
            startedAtField={FORM_STARTED_AT_FIELD}
          />
        </div>
      </div>
    </>
  );
}

/** One contact detail: its icon, its label, and the value (a link, an address). */
function ContactDetail({
  icon: Icon,
  label,
  children,
}: {
  icon: LucideIcon;
  label: string;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-4">
      <Icon aria-hidden="true" className="mt-1 size-6 shrink-0 text-(--color-terracotta-600)" />
      <div>
        <p className="font-semibold text-(--color-heritage-900)">{label}</p>
        <div>{children}</div>
      </div>
    </li>
  );
}
