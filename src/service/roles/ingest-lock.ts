// Exactly one ingest writes the market at a time. The lock is a PostgreSQL advisory lock held by a session
// of its own: a second ingest waits on it, and PostgreSQL hands it over the moment the first one's session
// ends (a crash, a kill, a lost machine once TCP gives up), with no lease to renew and no clock to trust.
import postgres from "postgres";

/** The lock's key: any constant the service uses for nothing else (the bytes of "mkt1"). */
const INGEST_LOCK = 0x6d6b7431;
/** How often the holder checks that its session (and so the lock) is still there. */
const CHECK_MS = 2_000;

export interface IngestLock {
  /** Resolves if the lock's session is lost: the process must stop writing at once. */
  lost: Promise<Error>;
  release(): Promise<void>;
}

/** What a process waiting for the lock is told, and what its readiness says meanwhile. */
export const WAITING_FOR_THE_LOCK = "waiting for the ingest lock held by another ingest";

/**
 * Takes the lock, waiting (and saying so) while another ingest holds it. `whileWaiting` runs as the wait
 * begins (the process then listens, so that its supervisor sees it alive); if it fails, the wait is given up
 * and the session closed, which withdraws the request for the lock.
 */
export async function takeIngestLock(
  databaseUrl: string,
  log: (line: string) => void,
  whileWaiting: () => Promise<void> = async () => {},
): Promise<IngestLock> {
  const sql = postgres(databaseUrl, { max: 1, idle_timeout: 0, onnotice: () => {} });
  const session = await sql.reserve();
  try {
    const [first] = await session`SELECT pg_try_advisory_lock(${INGEST_LOCK}) AS taken`;
    if (!first?.taken) {
      log("ingest: another ingest writes the market; waiting to take over when it stops");
      await Promise.all([whileWaiting(), session`SELECT pg_advisory_lock(${INGEST_LOCK})`]);
      log("ingest: took over writing the market");
    }
  } catch (error) {
    session.release();
    await sql.end({ timeout: 0 });
    throw error;
  }
  let timer: NodeJS.Timeout | undefined;
  let released = false;
  const lost = new Promise<Error>((resolve) => {
    const check = () => {
      session`SELECT 1`.then(
        () => {
          if (!released) timer = setTimeout(check, CHECK_MS);
        },
        (error: unknown) => {
          if (!released) resolve(error instanceof Error ? error : new Error(String(error)));
        },
      );
    };
    timer = setTimeout(check, CHECK_MS);
  });
  return {
    lost,
    release: async () => {
      released = true;
      clearTimeout(timer);
      await session`SELECT pg_advisory_unlock(${INGEST_LOCK})`.catch(() => undefined);
      session.release();
      await sql.end({ timeout: 2 });
    },
  };
}
