/**
 * @module
 * The server app's door for tests (`@heritage/server/testing`, docs/decisions/012): what browser
 * journeys and benchmarks need to run the whole site in their own process. Shipped code never
 * imports it; the layer check (`npm run lint`) refuses any other way into apps/server.
 */

export { loadWebBuild, webBuildDir } from "../routes/web-build";
export { type RunningServer, type StartOptions, startServer } from "../server";
