// `npm start`: builds the web app once if there is no build yet, then runs the server (one
// process: site, admin, content API and auth platform) on the embedded database. Node's own flags
// (a larger young generation, decision 043) are in package.json's `start` script, where the
// benches read them too.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

const root = fileURLToPath(new URL("..", import.meta.url));
process.chdir(root);

if (!existsSync("apps/web/build/server/index.js")) {
  console.log("No web build yet: building it once (npm run build)...");
  const build = spawnSync("npm", ["run", "build", "-w", "@heritage/web"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

register();
await import("../apps/server/src/main.ts");
