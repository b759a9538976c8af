import { pgSchema } from "drizzle-orm/pg-core";

/** Every table of the content module lives in this PostgreSQL schema. */
export const contentSchema = pgSchema("content");
