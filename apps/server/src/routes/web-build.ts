import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { WebRequestHandler } from "./web";

/** Where `npm run build -w @heritage/web` writes the web app. */
export const webBuildDir = fileURLToPath(new URL("../../../web/build", import.meta.url));

/** Loads the production build of the web app: its SSR handler and its static files. */
export async function loadWebBuild(buildDir: string = webBuildDir) {
  const serverEntry = `${buildDir}/server/index.js`;
  if (!existsSync(serverEntry)) {
    throw new Error(`No web build at ${serverEntry}: run "npm run build" first`);
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handleRequest = createRequestHandler(build, "production");
  const handler: WebRequestHandler = (request, context) => handleRequest(request, context);
  return { handler, staticRoot: `${buildDir}/client` };
}
