export { untilAnnounced } from "./testing/announcements";
export { createTestPgliteDirectory } from "./testing/pglite-template";
export {
  connectAgain,
  createTestDatabase,
  createTestDatabaseUrl,
  describeServerActivity,
  prepareTestTemplate,
  testEngine,
} from "./testing/test-database";
