export { findExecutableMarkup, xssPayloads } from "./testing/xss-payloads";
