/**
 * `POST /internal/feedback` body `{name?, email, message, feedback_type?}` → `{success: true}`: a
 * support message or bug report from the dashboard (signed in) or an app's dev tool (anyone), mailed
 * to the addresses in `STACK_INTERNAL_FEEDBACK_RECIPIENTS` as the reference does: subject
 * `[Support] {email}` or `[Bug Report] {email}`, the sender's name and address, the signed-in user's
 * id and display name, the type when given, and the message. It goes through the caller's project's
 * mail (the internal project's without one) and shows in that project's outbox. The body is checked
 * first, as the reference checks it; then, without recipients configured, the answer is a 404 that
 * says feedback is off on this server, where the reference would fail with a 500.
 * @module
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { sendSuccess } from "../../http/respond";
import { validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import { emailSenderFor } from "../../services/email/project-mail";
import { internalProjectId } from "../../services/projects/projects";
import { escapeHtml } from "../../services/shared/escape-html";
import { StatusError } from "../../services/shared/status-error";

export const feedbackOffMessage =
  "Feedback is off on this server: its operator has named no recipients (STACK_INTERNAL_FEEDBACK_RECIPIENTS).";

const feedbackBody = z.strictObject({
  name: z.string().max(100).optional(),
  email: z.string().trim().min(1).pipe(z.email()),
  message: z.string().min(1).max(5000),
  feedback_type: z.enum(["feedback", "bug"]).optional(),
});

export interface FeedbackMail {
  subject: string;
  text: string;
  html: string;
}

/** The mail's fields in the reference's order; the subject has no line breaks. */
export function feedbackMail(input: {
  name: string | null;
  email: string;
  message: string;
  feedbackType: "feedback" | "bug" | undefined;
  user: { id: string; displayName: string | null } | null;
}): FeedbackMail {
  const label = input.feedbackType === "bug" ? "Bug Report" : "Support";
  const fields: Array<[string, string]> = [
    ["Sender name", input.name ?? input.user?.displayName ?? "Not provided"],
    ["Sender email", input.email],
  ];
  if (input.user) {
    fields.push(["Stack Auth user ID", input.user.id]);
    fields.push(["Stack Auth display name", input.user.displayName ?? "Not provided"]);
  }
  if (input.feedbackType) fields.push(["Type", label]);
  const heading = `${label} feedback submission`;
  const asHtml = (value: string) => escapeHtml(value).replace(/\n/g, "<br />");
  return {
    subject: `[${label}] ${input.email}`.replace(/\s+/g, " ").trim(),
    text: [
      heading,
      "",
      ...fields.map(([label, value]) => `${label}: ${value}`),
      "",
      "Message:",
      input.message,
    ].join("\n"),
    html: [
      `<h2>${escapeHtml(heading)}</h2>`,
      ...fields.map(
        ([label, value]) => `<p><strong>${escapeHtml(label)}:</strong> ${asHtml(value)}</p>`,
      ),
      `<p><strong>Message:</strong></p><div>${asHtml(input.message)}</div>`,
    ].join("\n"),
  };
}

export function createFeedbackRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  app.post(
    "/",
    describeRoute({
      summary: "Send support feedback or a bug report to the server's operators",
      description:
        "Authentication is optional. Off (404, after the body is checked) unless `STACK_INTERNAL_FEEDBACK_RECIPIENTS` is set.",
      callers: ["anyone"],
      body: feedbackBody,
    }),
    async (c) => {
      const { body } = validateRequest(c, { body: feedbackBody });
      const recipients = deps.config.STACK_INTERNAL_FEEDBACK_RECIPIENTS;
      if (!recipients) throw new StatusError(404, feedbackOffMessage);
      const auth = c.get("auth");
      const project = auth?.project ?? (await deps.projects.findProject(internalProjectId));
      if (!project) throw new Error("The internal project is missing");
      const user = auth?.user
        ? { id: auth.user.row.id, displayName: auth.user.row.displayName ?? null }
        : null;
      const mail = feedbackMail({
        name: body.name ?? null,
        email: body.email,
        message: body.message,
        feedbackType: body.feedback_type,
        user,
      });
      const sender = emailSenderFor(deps, project);
      for (const to of recipients) {
        await sender.send({ projectId: project.id, fromName: project.displayName, to, ...mail });
      }
      return sendSuccess(c);
    },
  );
  return app;
}
