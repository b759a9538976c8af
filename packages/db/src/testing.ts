export { untilAnnounced } from "./testing/announcements";
export {
  connectAgain,
  createTestDatabase,
  createTestDatabaseUrl,
  createTestPgliteDirectory,
  describeServerActivity,
  prepareTestTemplate,
  testEngine,
} from "./testing/test-database";
