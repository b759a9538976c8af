// `npm run db:move`, `npm run backup`, `npm run restore`: the operator commands
// (apps/server/src/operations/cli.ts), run from the repository root with the server's configuration.
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

process.chdir(fileURLToPath(new URL("..", import.meta.url)));
register();
const { main } = await import("../apps/server/src/operations/cli.ts");
await main();
