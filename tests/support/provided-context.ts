// What vitest.config.ts and the api-postgres global setup hand to the API test files
// (vitest's provide/inject): which database kind a project runs on, and where PostgreSQL is.
export type DbKind = "pglite" | "postgres";

declare module "vitest" {
  export interface ProvidedContext {
    dbKind: DbKind;
    /** A connection URL whose user may CREATE DATABASE; set only in the api-postgres project. */
    postgresAdminUrl: string;
  }
}
