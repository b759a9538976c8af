/**
 * The send queue of `POST /emails/send-email`: its messages wait in `auth.email_outbox` (rows with
 * `next_attempt_at` set, see db/schema.ts), so a restart loses none, and this worker delivers them
 * through the project's own SMTP server once due: high-priority ones first, then by due time. A
 * failed attempt keeps the message with its error and retries it after a growing delay; after the
 * last retry it is marked `failed`.
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
import type { AuthLogger } from "../auth-logger";
import { perDatabaseWorkers, type WorkerHold } from "../per-database-worker";
import { parseProjectConfig } from "../projects/project-config";
import { projectSmtpServer, smtpTransportOptions } from "./project-mail";

/** Delays before the 2nd, 3rd, … attempt: 1 min, 5 min, 30 min, 2 h (five attempts in all). */
export const defaultEmailRetryDelaysMs: readonly number[] = [60_000, 300_000, 1_800_000, 7_200_000];

/** While one worker sends a message, others skip it until this lease ends. */
const claimLeaseMs = 5 * 60_000;
/** The longest a timer waits for the next due message before looking again. */
const maxTimerMs = 60 * 60_000;

export interface EmailQueueOptions {
  db: Database;
  clock: () => Date;
  logger: AuthLogger;
  /** A project's own SMTP server is user-aimed: its connections go out under this policy. */
  outgoing: OutgoingPolicy;
  retryDelaysMs?: readonly number[];
  /** Also look for due messages this often (those another process queued and did not send). */
  pollIntervalMs?: number;
}

type QueuedEmail = Pick<
  EmailOutboxRow,
  "id" | "projectId" | "to" | "from" | "subject" | "text" | "html" | "attemptCount"
>;

/** Takes the next due message (pushing it a lease ahead), or null when none is due. */
async function claimNext(options: EmailQueueOptions): Promise<QueuedEmail | null> {
  const now = options.clock();
  return options.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: emailOutbox.id,
        projectId: emailOutbox.projectId,
        to: emailOutbox.to,
        from: emailOutbox.from,
        subject: emailOutbox.subject,
        text: emailOutbox.text,
        html: emailOutbox.html,
        attemptCount: emailOutbox.attemptCount,
      })
      .from(emailOutbox)
      .where(and(isNotNull(emailOutbox.nextAttemptAt), lte(emailOutbox.nextAttemptAt, now)))
      .orderBy(
        desc(emailOutbox.isHighPriority),
        asc(emailOutbox.nextAttemptAt),
        asc(emailOutbox.sequence),
      )
      .limit(1)
      .for("update", { skipLocked: true });
    if (!row) return null;
    const attemptCount = row.attemptCount + 1;
    await tx
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + claimLeaseMs), attemptCount })
      .where(eq(emailOutbox.id, row.id));
    return { ...row, attemptCount };
  });
}

/** Sends one claimed message through its project's current server; resolves with the error. */
async function deliver(options: EmailQueueOptions, email: QueuedEmail): Promise<string | null> {
  const [project] = email.projectId
    ? await options.db
        .select({ config: projects.config })
        .from(projects)
        .where(eq(projects.id, email.projectId))
    : [];
  const own = project ? projectSmtpServer(parseProjectConfig(project.config)) : null;
  if (own?.kind !== "standard") {
    return "The project has no own e-mail server configured (host, port and sender e-mail).";
  }
  const transport = createTransport(smtpTransportOptions(own.server, options.outgoing));
  try {
    await transport.sendMail({
      from: email.from,
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
    });
    return null;
  } catch (error) {
    const refusal = findRefusal(error);
    if (refusal) return `Refused: ${refusal.message}`;
    return error instanceof Error ? error.message : String(error);
  } finally {
    transport.close();
  }
}

async function record(
  options: EmailQueueOptions,
  email: QueuedEmail,
  error: string | null,
): Promise<void> {
  const now = options.clock();
  const delay = (options.retryDelaysMs ?? defaultEmailRetryDelaysMs)[email.attemptCount - 1];
  await options.db
    .update(emailOutbox)
    .set(
      error === null
        ? { status: "sent", sentAt: now, error: null, nextAttemptAt: null }
        : delay === undefined
          ? { status: "failed", error, nextAttemptAt: null }
          : { error, nextAttemptAt: new Date(now.getTime() + delay) },
    )
    .where(eq(emailOutbox.id, email.id));
  if (error !== null) {
    options.logger.warn(
      { emailId: email.id, attempt: email.attemptCount, willRetry: delay !== undefined, error },
      "Queued e-mail delivery failed",
    );
  }
}

/**
 * Sends every message due now, one claim at a time (a high-priority message queued meanwhile goes
 * next); with `signal`, claims no more once it is aborted. Resolves with the number of attempts.
 */
export async function sendDueEmails(
  options: EmailQueueOptions,
  signal?: AbortSignal,
): Promise<number> {
  let attempts = 0;
  while (!signal?.aborted) {
    const email = await claimNext(options);
    if (!email) break;
    await record(options, email, await deliver(options, email));
    attempts += 1;
  }
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
