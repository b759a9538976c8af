/**
 * The send queue of `POST /emails/send-email`: its messages wait in `auth.email_outbox` (rows with
 * `next_attempt_at` set, see db/schema.ts), so a restart loses none, and this worker takes each
 * through its steps (outbox-steps.ts): rendered from its source as soon as it is queued, then sent
 * through the project's own SMTP server once due (high-priority ones first, then by due time), or
 * skipped when its recipient can no longer receive it. A failed attempt that may pass (an SMTP 4xx,
 * a lost connection) keeps the message with its error and retries it after a growing delay; after
 * the last retry, or at once for a permanent failure, it is marked `failed`.
 *
 * Claiming: a worker takes one due row at a time with `FOR UPDATE SKIP LOCKED` and pushes its
 * `next_attempt_at` a lease ahead in the same transaction, so two workers (or processes on one
 * PostgreSQL database) never send the same message; a worker that dies mid-send leaves the row to
 * be retried once the lease ends.
 * @module
 */
import type { Database } from "@heritage/db";
import { and, asc, desc, eq, isNotNull, lte, min } from "drizzle-orm";
import { createTransport } from "nodemailer";
import { type EmailOutboxRow, emailOutbox, projects } from "../../db/schema";
import { findRefusal, type OutgoingPolicy } from "../../outgoing/outgoing-policy";
import type { EmailRenderer } from "../email-sandbox/tsx-sandbox";
import { parseProjectConfig } from "../projects/project-config";
import { openConfigSecrets } from "../projects/project-secrets";
import type { SecretBox } from "../secrets/secret-box";
import type { AuthLogger } from "../shared/auth-logger";
import { perDatabaseWorkers, type WorkerHold } from "../shared/per-database-worker";
import { capacityWait } from "./email-capacity";
import { renderOutboxMessage, resolveRecipientAddress } from "./outbox-steps";
import { projectSmtpServer, smtpTransportOptions } from "./project-mail";
import type { UnsubscribeLinkMaker } from "./unsubscribe-links";

/** Delays before the 2nd, 3rd, … attempt: 1 min, 5 min, 30 min, 2 h (five attempts in all). */
export const defaultEmailRetryDelaysMs: readonly number[] = [60_000, 300_000, 1_800_000, 7_200_000];

/** While one worker sends a message, others skip it until this lease ends. */
const claimLeaseMs = 5 * 60_000;
/** A message whose project's render queue was full is rendered again after this. */
const renderBusyDelayMs = 15_000;
/**
 * Render steps run beside each other, up to this many, each in its project's turn (tsx/render-pool):
 * one project's slow templates then hold its own messages, not the next project's.
 */
const rendersAtOnce = 8;
/** The longest a timer waits for the next due message before looking again. */
const maxTimerMs = 60 * 60_000;

export interface EmailQueueOptions {
  db: Database;
  clock: () => Date;
  logger: AuthLogger;
  /** A project's own SMTP server is user-aimed: its connections go out under this policy. */
  outgoing: OutgoingPolicy;
  /** Opens the project's SMTP password, stored sealed (services/projects/project-secrets.ts). */
  secrets: SecretBox;
  /** Renders messages written in TSX (tsx/tsx-sandbox.ts). */
  emailRenderer: EmailRenderer;
  retryDelaysMs?: readonly number[];
  /**
   * A project's baseline capacity per hour (`STACK_DEFAULT_EMAIL_CAPACITY_PER_HOUR`, see
   * email-capacity.ts): its messages wait while it has sent its capacity within the last hour.
   * Unset: no limit.
   */
  capacityPerHour?: number;
  /** Also look for due messages this often (those another process queued and did not send). */
  pollIntervalMs?: number;
  /** Makes the unsubscribe links of mail users can turn off (unsubscribe-links.ts); unset: none. */
  unsubscribeLink?: UnsubscribeLinkMaker;
}

type QueuedEmail = EmailOutboxRow & { step: "render" | "send" };

/**
 * Takes the next due message (pushing it a lease ahead) and marks the step it starts: a message
 * with a source that is not rendered yet is rendered first; any other is sent (an attempt).
 */
async function claimNext(options: EmailQueueOptions): Promise<QueuedEmail | null> {
  const now = options.clock();
  return options.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(emailOutbox)
      .where(
        and(
          isNotNull(emailOutbox.nextAttemptAt),
          lte(emailOutbox.nextAttemptAt, now),
          // An admin paused it (`/emails/outbox`) while a worker was rendering it.
          eq(emailOutbox.isPaused, false),
        ),
      )
      .orderBy(
        desc(emailOutbox.isHighPriority),
        asc(emailOutbox.nextAttemptAt),
        asc(emailOutbox.sequence),
      )
      .limit(1)
      .for("update", { skipLocked: true });
    if (!row) return null;
    const leaseEnd = new Date(now.getTime() + claimLeaseMs);
    if (row.tsxSource !== null && row.renderedAt === null) {
      await tx
        .update(emailOutbox)
        .set({ nextAttemptAt: leaseEnd, startedRenderingAt: now, updatedAt: now })
        .where(eq(emailOutbox.id, row.id));
      return { ...row, startedRenderingAt: now, step: "render" as const };
    }
    const attemptCount = row.attemptCount + 1;
    await tx
      .update(emailOutbox)
      .set({ nextAttemptAt: leaseEnd, attemptCount, startedSendingAt: now, updatedAt: now })
      .where(eq(emailOutbox.id, row.id));
    return { ...row, attemptCount, startedSendingAt: now, step: "send" as const };
  });
}

/** The outcome of one delivery attempt. */
type DeliveryResult =
  | { kind: "sent" }
  | { kind: "failed"; message: string; canRetry: boolean; details: Record<string, unknown> };

/**
 * An SMTP 4xx answer, a timeout or a lost connection may pass (retried); a 5xx answer (permanent,
 * RFC 5321), an unknown host, bad credentials or a destination our policy refuses will not. The
 * reference splits the same way for the cases it names.
 */
function classifySendError(error: unknown): DeliveryResult {
  const refusal = findRefusal(error);
  if (refusal) {
    return { kind: "failed", message: `Refused: ${refusal.message}`, canRetry: false, details: {} };
  }
  const message = error instanceof Error ? error.message : String(error);
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  const details: Record<string, unknown> = {};
  if (typeof code === "string") details.code = code;
  if (typeof responseCode === "number") details.response_code = responseCode;
  const permanentCodes = new Set(["EDNS", "EAUTH", "ENOTFOUND", "EENVELOPE", "EMESSAGE"]);
  const canRetry =
    typeof responseCode === "number"
      ? responseCode >= 400 && responseCode < 500
      : !(typeof code === "string" && permanentCodes.has(code));
  return { kind: "failed", message, canRetry, details };
}

/** Sends one claimed message through its project's current server. */
async function deliver(
  options: EmailQueueOptions,
  email: QueuedEmail,
  to: string,
): Promise<DeliveryResult> {
  const [project] = email.projectId
    ? await options.db
        .select({ config: projects.config })
        .from(projects)
        .where(eq(projects.id, email.projectId))
    : [];
  const own =
    project && email.projectId
      ? projectSmtpServer(
          openConfigSecrets(parseProjectConfig(project.config), email.projectId, options.secrets),
        )
      : null;
  if (own?.kind !== "standard") {
    return {
      kind: "failed",
      message: "The project has no own e-mail server configured (host, port and sender e-mail).",
      canRetry: true,
      details: {},
    };
  }
  const transport = createTransport(smtpTransportOptions(own.server, options.outgoing));
  try {
    await transport.sendMail({
      from: email.from,
      to,
      subject: email.subject,
      text: email.text,
      html: email.html,
    });
    return { kind: "sent" };
  } catch (error) {
    return classifySendError(error);
  } finally {
    transport.close();
  }
}

/** Records a render step; a message edited meanwhile (its rendering restarted) is left alone. */
async function renderClaimed(options: EmailQueueOptions, email: QueuedEmail): Promise<void> {
  const outcome = await renderOutboxMessage(
    options.db,
    options.emailRenderer,
    email,
    options.unsubscribeLink ? { unsubscribeLink: options.unsubscribeLink } : {},
  );
  const now = options.clock();
  if (outcome.kind === "busy") {
    await options.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + renderBusyDelayMs), updatedAt: now })
      .where(
        and(
          eq(emailOutbox.id, email.id),
          eq(emailOutbox.startedRenderingAt, email.startedRenderingAt ?? now),
        ),
      );
    return;
  }
  const changes: Partial<typeof emailOutbox.$inferInsert> =
    outcome.kind === "rendered"
      ? {
          to: outcome.to,
          subject: outcome.subject,
          html: outcome.html,
          text: outcome.text,
          isTransactional: outcome.isTransactional,
          notificationCategoryId: outcome.notificationCategoryId,
          renderedAt: now,
          // Due at its scheduled time (now or already past: at once).
          nextAttemptAt: email.scheduledAt ?? now,
        }
      : {
          status: "failed",
          renderError: outcome.message,
          error: outcome.message,
          renderedAt: now,
        };
  await options.db
    .update(emailOutbox)
    .set({ nextAttemptAt: null, ...changes, updatedAt: now })
    .where(
      and(
        eq(emailOutbox.id, email.id),
        eq(emailOutbox.startedRenderingAt, email.startedRenderingAt ?? now),
      ),
    );
}

/**
 * Sends a claimed message (or skips it) and records the result; a message over its project's
 * capacity goes back to wait (not an attempt). Resolves with whether an attempt was made.
 */
async function sendClaimed(options: EmailQueueOptions, email: QueuedEmail): Promise<boolean> {
  if (options.capacityPerHour !== undefined && email.projectId) {
    const waitMs = await capacityWait(options, email.projectId, options.capacityPerHour);
    if (waitMs > 0) {
      await options.db
        .update(emailOutbox)
        .set({
          attemptCount: email.attemptCount - 1,
          startedSendingAt: null,
          nextAttemptAt: new Date(options.clock().getTime() + waitMs),
        })
        .where(eq(emailOutbox.id, email.id));
      return false;
    }
  }
  const address = await resolveRecipientAddress(options.db, email);
  if (address.kind === "skipped") {
    await options.db
      .update(emailOutbox)
      .set({
        status: "skipped",
        skippedReason: address.reason,
        skippedDetails: {},
        nextAttemptAt: null,
        updatedAt: options.clock(),
      })
      .where(eq(emailOutbox.id, email.id));
    return true;
  }
  const result = await deliver(options, email, address.to);
  const now = options.clock();
  if (result.kind === "sent") {
    await options.db
      .update(emailOutbox)
      .set({
        status: "sent",
        to: address.to,
        sentAt: now,
        finishedSendingAt: now,
        error: null,
        nextAttemptAt: null,
        updatedAt: now,
      })
      .where(eq(emailOutbox.id, email.id));
    return true;
  }
  const errors = [
    ...(email.sendAttemptErrors ?? []),
    {
      attempt_number: (email.sendAttemptErrors?.length ?? 0) + 1,
      timestamp: now.toISOString(),
      external_message: result.message,
      external_details: result.details,
      internal_message: result.message,
      internal_details: result.details,
    },
  ];
  const delay = result.canRetry
    ? (options.retryDelaysMs ?? defaultEmailRetryDelaysMs)[email.attemptCount - 1]
    : undefined;
  await options.db
    .update(emailOutbox)
    .set(
      delay === undefined
        ? {
            status: "failed",
            error: result.message,
            sendAttemptErrors: errors,
            finishedSendingAt: now,
            nextAttemptAt: null,
            updatedAt: now,
          }
        : {
            error: result.message,
            sendAttemptErrors: errors,
            // Back to waiting (editable again) until the retry falls due.
            startedSendingAt: null,
            nextAttemptAt: new Date(now.getTime() + delay),
            updatedAt: now,
          },
    )
    .where(eq(emailOutbox.id, email.id));
  options.logger.warn(
    { emailId: email.id, attempt: email.attemptCount, willRetry: delay !== undefined },
    "Queued e-mail delivery failed",
  );
  return true;
}

/**
 * Handles every message due now, one claim at a time (a high-priority message queued meanwhile
 * goes next); with `signal`, claims no more once it is aborted. Sends run one after another; render
 * steps run beside them, up to `rendersAtOnce`, and the pass ends when they have too (a message
 * they rendered is due at once, so the pass looks again). Resolves with the number of send
 * attempts (render steps are not counted).
 */
export async function sendDueEmails(
  options: EmailQueueOptions,
  signal?: AbortSignal,
): Promise<number> {
  let attempts = 0;
  const rendering = new Set<Promise<void>>();
  const render = (email: QueuedEmail) => {
    const step = renderClaimed(options, email)
      .catch((error: unknown) => {
        // The lease ends and the message is rendered again; the pass goes on with the others.
        options.logger.error({ emailId: email.id, error: String(error) }, "E-mail render failed");
      })
      .finally(() => rendering.delete(step));
    rendering.add(step);
  };
  while (!signal?.aborted) {
    if (rendering.size >= rendersAtOnce) await Promise.race(rendering);
    const email = await claimNext(options);
    if (!email) {
      if (rendering.size === 0) break;
      await Promise.race(rendering);
      continue;
    }
    if (email.step === "render") {
      render(email);
    } else {
      if (await sendClaimed(options, email)) attempts += 1;
    }
  }
  await Promise.all(rendering);
  return attempts;
}

/** How long until the earliest queued message (or a lease) falls due; null when none waits. */
async function msUntilNextDue(options: EmailQueueOptions): Promise<number | null> {
  const [row] = await options.db
    .select({ next: min(emailOutbox.nextAttemptAt) })
    .from(emailOutbox)
    .where(isNotNull(emailOutbox.nextAttemptAt));
  if (!row?.next) return null;
  return Math.max(0, new Date(row.next).getTime() - options.clock().getTime());
}

export interface EmailQueueWorker {
  /** Runs a pass now (after the one under way); resolves with its attempts (0 once stopped). */
  runNow(): Promise<number>;
  /** No pass starts after this; resolves when the pass under way (and its send) is over. */
  stop(): Promise<void>;
}

/**
 * The in-process worker: a pass at start (messages a previous process left), when woken after an
 * insert, when the next queued message falls due, and every `pollIntervalMs` if given. Passes
 * never overlap; timers do not keep the process alive.
 */
export function startEmailQueueWorker(options: EmailQueueOptions): EmailQueueWorker {
  let chain: Promise<number> = Promise.resolve(0);
  const stopping = new AbortController();
  let dueTimer: ReturnType<typeof setTimeout> | undefined;
  const runNow = (): Promise<number> => {
    if (stopping.signal.aborted) return Promise.resolve(0);
    chain = chain
      .catch(() => 0)
      .then(async () => {
        const attempts = await sendDueEmails(options, stopping.signal);
        if (!stopping.signal.aborted) {
          const waitMs = await msUntilNextDue(options);
          clearTimeout(dueTimer);
          dueTimer = undefined;
          if (waitMs !== null && !stopping.signal.aborted) {
            // A little after the due time, so the clock has passed it when the pass reads it.
            dueTimer = setTimeout(() => void runNow(), Math.min(waitMs + 50, maxTimerMs));
            dueTimer.unref();
          }
        }
        return attempts;
      });
    chain.catch((error: unknown) => {
      options.logger.error({ error: String(error) }, "E-mail queue pass failed");
    });
    return chain;
  };
  const poll =
    options.pollIntervalMs === undefined
      ? undefined
      : setInterval(() => void runNow(), options.pollIntervalMs);
  poll?.unref();
  void runNow();
  return {
    runNow,
    async stop() {
      if (!stopping.signal.aborted) {
        stopping.abort();
        clearInterval(poll);
        clearTimeout(dueTimer);
      }
      await chain.catch(() => 0);
    },
  };
}

const emailQueueWorkers = perDatabaseWorkers(startEmailQueueWorker);

export type EmailQueueHold = WorkerHold<EmailQueueWorker>;

/** The process's one e-mail queue worker for `options.db` (see per-database-worker.ts). */
export function holdEmailQueueWorker(options: EmailQueueOptions): EmailQueueHold {
  return emailQueueWorkers.hold(options);
}

/** Tells this process's worker for `db` that messages were queued (after their transaction). */
export function wakeEmailQueue(db: Database): void {
  void emailQueueWorkers.running(db)?.runNow();
}
