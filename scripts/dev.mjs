// `npm run dev`: the same server with Vite's dev server in front of the web app (hot reload).
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

process.chdir(fileURLToPath(new URL("..", import.meta.url)));
register();
await import("../apps/server/src/dev.ts");
