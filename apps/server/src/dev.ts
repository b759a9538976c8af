/**
 * @module
 * Development entry: Vite's dev server (hot reload) in front of the same app as production.
 */
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { createRequestHandler } from "react-router";
import { createServer as createViteServer } from "vite";
import type { WebRequestHandler } from "./routes/web";
import { runServer } from "./server";

const webRoot = fileURLToPath(new URL("../../web", import.meta.url));

const vite = await createViteServer({
  root: webRoot,
  configFile: `${webRoot}/vite.config.ts`,
  server: { middlewareMode: true },
  appType: "custom",
});

const handler: WebRequestHandler = async (request, context) => {
  const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  return createRequestHandler(build, "development")(request, context);
};

await runServer({
  env: { NODE_ENV: "development", ...process.env },
  loadWeb: async () => ({ handler }),
  wrapListener: (listener) => (request, response) =>
    vite.middlewares(request, response, () => listener(request, response)),
});
