/**
 * @module
 * A server process for process-level tests (graceful stop, configuration errors): the real
 * startup path, with a web handler that takes a moment so a request can be in flight.
 */
import { runServer } from "../server";

const delayMs = Number(process.env.FIXTURE_DELAY_MS ?? "800");

await runServer({
  loadWeb: async () => ({
    handler: async () => {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return new Response("slow page done", { headers: { "content-type": "text/plain" } });
    },
  }),
});
process.stdout.write("fixture-ready\n");
