// The AccessStore's tables in market.sqlite, made with CREATE ... IF NOT EXISTS beside the market's (which
// keep their own schema version), so an older data directory gains them on its next start.
// usage_minutes is keyed by minute first: every review question is about a span of minutes, one range scan.
// usage_streams too: a stream's figures (duration, events) are per stream, not per request, so a table apart.
export const ACCESS_SCHEMA = `
CREATE TABLE IF NOT EXISTS access_meta (
  id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL);
INSERT OR IGNORE INTO access_meta (id, version) VALUES (1, 0);
CREATE TABLE IF NOT EXISTS client_keys (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL, contact TEXT NOT NULL, hash TEXT NOT NULL UNIQUE, fingerprint TEXT NOT NULL,
  role TEXT NOT NULL, origin TEXT NOT NULL,
  rate_limit INTEGER CHECK (rate_limit >= 0),
  temporary_limit INTEGER CHECK (temporary_limit >= 0), temporary_until_ms INTEGER,
  created_ms INTEGER NOT NULL, last_used_ms INTEGER, revoked_ms INTEGER,
  CHECK ((temporary_limit IS NULL) = (temporary_until_ms IS NULL)));
CREATE TABLE IF NOT EXISTS address_rules (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  cidr TEXT NOT NULL, action TEXT NOT NULL CHECK (action IN ('block', 'limit')),
  rate_limit INTEGER CHECK (rate_limit >= 0), until_ms INTEGER, note TEXT NOT NULL, created_ms INTEGER NOT NULL,
  CHECK ((action = 'limit') = (rate_limit IS NOT NULL)));
CREATE TABLE IF NOT EXISTS audit_log (
  id INTEGER PRIMARY KEY, time_ms INTEGER NOT NULL, actor TEXT NOT NULL, action TEXT NOT NULL,
  target TEXT NOT NULL, detail TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS usage_minutes (
  minute INTEGER NOT NULL, client TEXT NOT NULL, endpoint TEXT NOT NULL,
  admitted INTEGER NOT NULL, refused INTEGER NOT NULL, errors INTEGER NOT NULL, bytes INTEGER NOT NULL,
  PRIMARY KEY (minute, client, endpoint)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS usage_by_client ON usage_minutes (client, minute);
CREATE TABLE IF NOT EXISTS usage_streams (
  minute INTEGER NOT NULL, client TEXT NOT NULL, streams INTEGER NOT NULL, duration_ms INTEGER NOT NULL,
  longest_ms INTEGER NOT NULL, events INTEGER NOT NULL, bytes INTEGER NOT NULL,
  PRIMARY KEY (minute, client)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS replicas (
  id TEXT PRIMARY KEY, role TEXT NOT NULL, started_ms INTEGER NOT NULL, seen_ms INTEGER NOT NULL) WITHOUT ROWID;
`;
