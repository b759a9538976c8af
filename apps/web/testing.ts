/**
 * @module
 * The web app's door for tests (`@heritage/web/testing`, docs/decisions/012): tests of apps/server
 * that drive the site's pages build the web app first, as the browser journeys do.
 */
export { default as ensureFreshWebBuild } from "./e2e/global-setup";
