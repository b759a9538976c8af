/**
 * `POST /internal/local-emulator/project`: in the reference, the credentials of a project kept in a
 * developer's local `stack.config.ts` (its local emulator reads and writes that file). This server
 * never runs as that emulator and reads no files a request names, so the route answers as the
 * reference does outside emulator mode: 400 with its text, after the same access checks (any access
 * type of the internal project, an `absolute_file_path`).
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import { Hono } from "hono";
import { z } from "zod";
import type { AuthEnv } from "../../http/context";
import { requireAccess } from "../../http/project-access";
import { validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import { internalProjectId } from "../../services/projects/projects";
import { plainErrors } from "../../services/shared/plain-errors";

const projectBody = z.strictObject({ absolute_file_path: z.string() });

export function createLocalEmulatorRoutes(): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  app.post(
    "/project",
    describeRoute({
      summary: "A local emulator project's credentials (not available: this is no local emulator)",
      callers: ["client", "server", "admin"],
      body: projectBody,
    }),
    (c) => {
      const auth = requireAccess(c);
      if (auth.project.id !== internalProjectId) throw knownErrors.expectedInternalProject();
      validateRequest(c, { body: projectBody });
      throw plainErrors.localEmulatorOnly();
    },
  );
  return app;
}
