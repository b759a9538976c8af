import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// One Vitest run covers every workspace. Each package is a project named after it, so
// `vitest run --project @heritage/db` runs one package. Browser journeys are the `e2e` project.
const packageProjects = [
  ["@heritage/db", "packages/db"],
  ["@heritage/content", "packages/content"],
  ["@heritage/auth-protocol", "packages/auth-protocol"],
  ["@heritage/auth-server", "packages/auth-server"],
  ["@heritage/auth-client", "packages/auth-client"],
  ["@heritage/auth-react", "packages/auth-react"],
  ["@heritage/server", "apps/server"],
  ["@heritage/web", "apps/web"],
] as const;

export default defineConfig({
  test: {
    globalSetup: [fileURLToPath(new URL("./vitest.global-setup.ts", import.meta.url))],
    projects: [
      ...packageProjects.map(([name, root]) => ({
        extends: true as const,
        test: {
          name,
          root,
          include: ["src/**/*.test.{ts,tsx}", "app/**/*.test.{ts,tsx}", "vite/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
      {
        extends: true as const,
        test: {
          name: "e2e",
          root: "apps/web",
          globalSetup: ["./e2e/global-setup.ts"],
          include: ["e2e/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // expect.poll waits 1 s by default: too short for a browser on a machine that also runs
          // the unit tests (a lazy image or a transition then "fails" while it is on its way).
          expect: { poll: { timeout: 10_000, interval: 50 } },
        },
      },
    ],
  },
});
