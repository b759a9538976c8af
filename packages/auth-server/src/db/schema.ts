import { pgSchema } from "drizzle-orm/pg-core";

/** Every table of the auth platform lives in this PostgreSQL schema. */
export const authSchema = pgSchema("auth");
