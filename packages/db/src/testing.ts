export { untilAnnounced } from "./testing/announcements";
export {
  connectAgain,
  createTestDatabase,
  createTestDatabaseUrl,
  createTestPgliteDirectory,
  prepareTestTemplate,
  testEngine,
} from "./testing/test-database";
