/**
 * @module
 * `@heritage/db/transfer`: copying the schemas of migration sets between databases and to and
 * from rows kept elsewhere (the move to PostgreSQL, backups and restores; decision 016).
 */
export {
  type ColumnInfo,
  listSequences,
  listTables,
  type Queryable,
  type SequenceInfo,
  type SequenceState,
  type TableInfo,
} from "./catalog";
export { countRows, readRows, writeRows } from "./rows";
export {
  type AppliedMigration,
  appliedMigrations,
  checkKnownMigrations,
  copyDatabase,
  describeSource,
  inSnapshot,
  type LoadReport,
  loadInto,
  type OpenDatabase,
  openPgliteDirectory,
  openPostgres,
  type SourceDescription,
  type SourceSequence,
  type SourceTable,
  TransferRefused,
  type TransferSource,
  targetProblem,
} from "./transfer";
