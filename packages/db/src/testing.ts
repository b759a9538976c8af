export {
  createTestDatabase,
  prepareTestTemplate,
  testEngine,
} from "./testing/test-database";
