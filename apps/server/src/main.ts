/**
 * @module
 * Production entry: serves the built web app (apps/web/build) with the API, on one port.
 */
import { loadWebBuild } from "./routes/web-build";
import { runServer } from "./server";

await runServer({ loadWeb: () => loadWebBuild() });
