/**
 * @module
 * How the client build groups modules into files. Left to itself, Rollup gave a public page
 * about 23 scripts, many under 1 KB (an icon, a class-name helper). Each file costs the phone's
 * main thread a request to send, a response to take in and a module to compile, and on a 2-core
 * machine those costs added up to tens of milliseconds of blocking time. So every public page
 * now loads a handful of files:
 *
 * - `framework`: React, React DOM and React Router, which every page needs;
 * - `site`: the code the public pages share (root and site routes' imports);
 * - the client entry and the page's route modules, which React Router loads by name.
 *
 * Admin-only code stays in Rollup's own chunks, so a public page never loads it.
 */
import type { ManualChunkMeta } from "rollup";

const frameworkPackages = [
  "react",
  "react-dom",
  "scheduler",
  "react-router",
  "turbo-stream",
  "cookie",
  "set-cookie-parser",
];

const frameworkPattern = new RegExp(
  `[\\\\/]node_modules[\\\\/](${frameworkPackages.join("|")})[\\\\/]`,
);

/**
 * Rollup's CommonJS interop helpers and Vite's preload helper (virtual modules). Not the other
 * virtual modules: CommonJS proxies of admin-only packages must stay out of the framework chunk.
 */
const bundlerHelperPattern = /^\0(commonjsHelpers\.js$|vite\/)/;

/** The route modules whose imports every public page shares. */
const publicRoutePattern = /[\\/]app[\\/](root\.tsx|routes[\\/]site[\\/][^\\/]+\.tsx?)$/;

type ModuleGraph = Pick<ManualChunkMeta, "getModuleInfo">;

/** The manual chunk of a module, or undefined to leave it to Rollup. */
export function createChunkNamer() {
  const reachable = new Map<string, boolean>();

  /** Whether a public route module imports `id`, directly or not (statically). */
  function isImportedByPublicRoute(id: string, graph: ModuleGraph): boolean {
    const known = reachable.get(id);
    if (known !== undefined) return known;
    // Cycles: a module on the path being walked does not answer for itself.
    reachable.set(id, false);
    const info = graph.getModuleInfo(id);
    const answer =
      info?.importers.some(
        (importer) => publicRoutePattern.test(importer) || isImportedByPublicRoute(importer, graph),
      ) ?? false;
    reachable.set(id, answer);
    return answer;
  }

  return function chunkName(id: string, graph: ModuleGraph): string | undefined {
    // Rollup's and Vite's own helpers (CommonJS interop, the preload helper) are used by the
    // framework itself: anywhere else the two chunks would import each other, and a cycle
    // between chunks runs one of them before the other has defined what it exports.
    if (frameworkPattern.test(id) || bundlerHelperPattern.test(id)) return "framework";
    // Route modules are entries React Router loads by name: they keep their own files.
    if (graph.getModuleInfo(id)?.isEntry) return undefined;
    if (id.includes("?")) return undefined;
    return isImportedByPublicRoute(id, graph) ? "site" : undefined;
  };
}
