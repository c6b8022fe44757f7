/** Which database the store runs on; each query is written once and Kysely's dialect says it in that one's SQL. */
export type StoreDialect = 'sqlite' | 'postgres';
