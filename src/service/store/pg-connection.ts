// One pool of connections to the PostgreSQL store, and the type of its queries.
import postgres from "postgres";

export interface PgOptions {
  /** Connections in the pool (default 10): one replica's concurrent queries. */
  max?: number;
}

/**
 * int8 columns (times in milliseconds, ids) arrive as numbers: every value the store keeps in them is far
 * below 2^53, and the Store's records are numbers.
 */
const int8AsNumber = {
  to: 20,
  from: [20],
  serialize: (value: number) => String(value),
  parse: (text: string) => Number(text),
};

export function connect(url: string, options: PgOptions = {}) {
  return postgres(url, {
    max: options.max ?? 10,
    types: { int8AsNumber },
    // "already exists, skipping" and the like: expected on every open, not worth a line.
    onnotice: () => {},
    connection: {
      application_name: "market-data-service",
      // Whatever the server's default: a commit is acknowledged once flushed (a supply post is durable
      // when the store resolves). Only a bulk load relaxes it, per transaction (pg-store.ts).
      synchronous_commit: "on",
    },
  });
}

export type PgSql = ReturnType<typeof connect>;
/** The queries of one transaction (sql.begin's callback argument). */
export type PgTransaction = postgres.TransactionSql<{ int8AsNumber: number }>;
