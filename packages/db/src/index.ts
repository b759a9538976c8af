export {
  type AnnouncementHandlers,
  type AnnouncementSubscription,
  subscribeToAnnouncements,
} from "./announcements/subscription";
export {
  type ConnectOptions,
  connect,
  type Database,
  type DatabaseConnection,
  type DatabaseEngine,
  type ListenInterruptions,
  type NotificationHandler,
  type PoolStats,
  type RowsQueryResultHKT,
  type Transaction,
} from "./connect";
export { redactQueryParameters } from "./loggable-error";
export {
  type MigrateResult,
  type Migration,
  type MigrationSet,
  migrate,
  pendingMigrations,
  readMigrations,
} from "./migrate";
