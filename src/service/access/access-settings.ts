// The settings the access room is handed at start (config/settings.ts says what each means): named here
// rather than imported, since the configuration sits above the rooms.
export interface AccessSettings {
  dataDir: string;
  /** PostgreSQL's URL, else null: SQLite in `dataDir`. */
  databaseUrl: string | null;
  rateLimit: number;
  apiKeys: Map<string, number | null>;
  writeKeys: string[];
  adminKeys: string[];
  /** What this process runs (ROLE): an ingest serves no client, so it takes no client or admin keys. */
  role: string;
}
