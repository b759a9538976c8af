/**
 * @module
 * One kept mail on /dev/outbox: when, from, to, what sent it and its delivery state, the plain
 * text with its addresses clickable, and on request the HTML version in a sandboxed frame.
 */
import { Link } from "react-router";
import type { DevOutboxMail } from "../../load-context";
import { splitTextLinks } from "./text-links";

/** UTC, so the server's text and the browser's hydration agree. */
function formatTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

function deliveryState(mail: DevOutboxMail): string {
  switch (mail.status) {
    case "sent":
      return mail.sentAt ? `Sent at ${formatTime(mail.sentAt)}` : "Sent";
    case "queued":
    case "pending":
      return "Kept in the outbox, not sent (no SMTP server)";
    case "failed":
      return `Failed: ${mail.error ?? "unknown error"}`;
    case "not_sent":
      return `Not sent: ${mail.error ?? "no reason given"}`;
    default:
      return mail.status;
  }
}

function sender(mail: DevOutboxMail): string {
  return mail.source === "auth"
    ? `Auth platform, project ${mail.projectId ?? "(none)"}`
    : `Site, ${mail.kind ?? "mail"}`;
}

export function OutboxMail({
  mail,
  headingId,
  showsHtml,
}: {
  mail: DevOutboxMail;
  headingId: string;
  showsHtml: boolean;
}) {
  return (
    <article
      aria-labelledby={headingId}
      className="space-y-3 rounded-xl border border-(--color-heritage-100) bg-white p-5"
    >
      <h2 id={headingId} className="text-lg font-semibold break-words">
        {mail.subject || "(no subject)"}
      </h2>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">When</dt>
        <dd>
          <time dateTime={mail.createdAt}>{formatTime(mail.createdAt)}</time>
        </dd>
        <dt className="font-medium">To</dt>
        <dd className="break-all">{mail.to}</dd>
        <dt className="font-medium">From</dt>
        <dd className="break-all">{mail.from}</dd>
        <dt className="font-medium">Sent by</dt>
        <dd>{sender(mail)}</dd>
        <dt className="font-medium">Delivery</dt>
        <dd data-delivery={mail.status}>{deliveryState(mail)}</dd>
      </dl>
      <h3 className="text-sm font-semibold">Plain text</h3>
      <pre className="whitespace-pre-wrap break-words rounded-lg bg-(--color-heritage-50) p-3 font-mono text-sm">
        {splitTextLinks(mail.text).map((part, index) =>
          part.href ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
            <a key={index} href={part.href} className="text-(--color-heritage-700) underline">
              {part.text}
            </a>
          ) : (
            part.text
          ),
        )}
      </pre>
      {mail.html === null ? (
        <p className="text-sm text-(--color-muted)">No HTML version (plain text only).</p>
      ) : (
        <>
          <p className="text-sm">
            <Link
              to={{ search: showsHtml ? "" : `?${new URLSearchParams({ html: mail.key })}` }}
              preventScrollReset
              className="font-medium text-(--color-heritage-700) underline"
            >
              {showsHtml ? "Hide the HTML version" : "Show the HTML version"}
            </Link>
          </p>
          {showsHtml ? (
            // No scripts, no forms, a unique origin: the mail's HTML can only be looked at.
            <iframe
              sandbox=""
              srcDoc={mail.html}
              title={`HTML version of "${mail.subject}"`}
              className="h-96 w-full rounded-lg border border-(--color-heritage-100) bg-white"
            />
          ) : null}
        </>
      )}
    </article>
  );
}
