// The service's health as the operator needs it: where the market comes from and how far behind it is,
// the store and Redis with their round-trip, and the processes that reported in the last minute.
import type { UseQueryResult } from "@tanstack/react-query";
import type { AdminHealth } from "../../interface/admin.ts";
import { QueryStates } from "../components/query-status.tsx";
import { SkeletonRows } from "../components/skeleton.tsx";
import { formatIsoIn } from "../format/time-zone.ts";
import { useTimeZone } from "../store/settings-context.tsx";
import { describeAdminFailure } from "./admin-failure.ts";
import { formatLag } from "./admin-format.ts";

/** Past this many seconds behind, the market's lag is flagged: two 120-second blocks missed. */
const LAG_WARNING_SECONDS = 360;

export function HealthSection({ query }: { query: UseQueryResult<AdminHealth> }) {
  return (
    <section className="card admin-section" aria-labelledby="admin-health-title">
      <h2 id="admin-health-title">Health</h2>
      <QueryStates
        query={query}
        describe={describeAdminFailure}
        pending={<SkeletonRows rows={2} columns={4} label="the health" />}
      >
        {(health) => <HealthFigures health={health} />}
      </QueryStates>
    </section>
  );
}

function HealthFigures({ health }: { health: AdminHealth }) {
  const zone = useTimeZone();
  const { market, store, redis, replicas } = health;
  const lagging = market.lagSeconds !== null && market.lagSeconds > LAG_WARNING_SECONDS;
  const down = market.exchanges.filter((exchange) => exchange.state !== "connected");
  return (
    <>
      <dl className="admin-health">
        <div className="admin-health__item">
          <dt>Market source</dt>
          <dd>
            {market.source}
            {market.exchanges.length > 0 ? (
              <span className="muted">
                {" "}
                · {market.exchanges.length - down.length} of {market.exchanges.length} exchanges connected
              </span>
            ) : null}
          </dd>
        </div>
        <div className="admin-health__item">
          <dt>Market lag</dt>
          <dd className={lagging ? "admin-bad" : undefined}>
            {formatLag(market.lagSeconds)}
            {lagging ? " (behind)" : ""}
            <span className="muted"> · last block {formatIsoIn(market.lastBlockTime, zone)}</span>
          </dd>
        </div>
        <div className="admin-health__item">
          <dt>Store</dt>
          <dd className={store.ok ? undefined : "admin-bad"}>
            {store.engine}: {store.ok ? "ok" : "failing"} <span className="muted">· {store.millis} ms</span>
            {store.ok ? null : <span className="admin-health__detail"> {store.detail}</span>}
          </dd>
        </div>
        <div className="admin-health__item">
          <dt>Redis</dt>
          <dd className={redis && !redis.ok ? "admin-bad" : undefined}>
            {redis === null ? (
              <span className="muted">not used (one process)</span>
            ) : (
              <>
                {redis.ok ? "ok" : "failing"} <span className="muted">· {redis.millis} ms</span>
                {redis.ok ? null : <span className="admin-health__detail"> {redis.detail}</span>}
              </>
            )}
          </dd>
        </div>
      </dl>
      {down.length > 0 ? (
        <p className="admin-health__exchanges">
          Not connected:{" "}
          {down.map((exchange) => `${exchange.name} (${exchange.detail ?? exchange.state})`).join(", ")}
        </p>
      ) : null}
      <h3 className="admin-subtitle">Processes seen in the last minute ({replicas.length})</h3>
      {replicas.length === 0 ? (
        <p className="muted">None reported.</p>
      ) : (
        <ul className="admin-replicas">
          {replicas.map((replica) => (
            <li key={replica.id}>
              <code>{replica.id}</code> <span className="admin-tag">{replica.role}</span>
              <span className="muted">
                {" "}
                · started {formatIsoIn(replica.startedAt, zone)} · seen {formatIsoIn(replica.seenAt, zone)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
