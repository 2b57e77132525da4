// The service's health as the operator needs it: where the market comes from and how far behind it is,
// the store and Redis with their round-trip, and the processes that reported in the last minute.
import type { UseQueryResult } from "@tanstack/react-query";
import type { OperatorHealth } from "../../interface/admin.ts";
import { SkeletonRows } from "../components/skeleton.tsx";
import { AdminQueryView } from "./admin-query-view.tsx";
import { formatLag, formatWhen } from "./operator-format.ts";

/** Past this many seconds behind, the market's lag is flagged: two 120-second blocks missed. */
const LAG_WARNING_SECONDS = 360;

export function HealthSection({ query }: { query: UseQueryResult<OperatorHealth> }) {
  return (
    <section className="card operator-section" aria-labelledby="operator-health-title">
      <h2 id="operator-health-title">Health</h2>
      <AdminQueryView query={query} skeleton={<SkeletonRows rows={2} columns={4} label="the health" />}>
        {(health) => <HealthFigures health={health} />}
      </AdminQueryView>
    </section>
  );
}

function HealthFigures({ health }: { health: OperatorHealth }) {
  const { market, store, redis, replicas } = health;
  const lagging = market.lagSeconds !== null && market.lagSeconds > LAG_WARNING_SECONDS;
  const down = market.exchanges.filter((exchange) => exchange.state !== "connected");
  return (
    <>
      <dl className="operator-health">
        <div className="operator-health__item">
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
        <div className="operator-health__item">
          <dt>Market lag</dt>
          <dd className={lagging ? "operator-bad" : undefined}>
            {formatLag(market.lagSeconds)}
            {lagging ? " (behind)" : ""}
            <span className="muted"> · last block {formatWhen(market.lastBlockTime)}</span>
          </dd>
        </div>
        <div className="operator-health__item">
          <dt>Store</dt>
          <dd className={store.ok ? undefined : "operator-bad"}>
            {store.engine}: {store.ok ? "ok" : "failing"} <span className="muted">· {store.millis} ms</span>
            {store.ok ? null : <span className="operator-health__detail"> {store.detail}</span>}
          </dd>
        </div>
        <div className="operator-health__item">
          <dt>Redis</dt>
          <dd className={redis && !redis.ok ? "operator-bad" : undefined}>
            {redis === null ? (
              <span className="muted">not used (one process)</span>
            ) : (
              <>
                {redis.ok ? "ok" : "failing"} <span className="muted">· {redis.millis} ms</span>
                {redis.ok ? null : <span className="operator-health__detail"> {redis.detail}</span>}
              </>
            )}
          </dd>
        </div>
      </dl>
      {down.length > 0 ? (
        <p className="operator-health__exchanges">
          Not connected:{" "}
          {down.map((exchange) => `${exchange.name} (${exchange.detail ?? exchange.state})`).join(", ")}
        </p>
      ) : null}
      <h3 className="operator-subtitle">Processes seen in the last minute ({replicas.length})</h3>
      {replicas.length === 0 ? (
        <p className="muted">None reported.</p>
      ) : (
        <ul className="operator-replicas">
          {replicas.map((replica) => (
            <li key={replica.id}>
              <code>{replica.id}</code> <span className="operator-tag">{replica.role}</span>
              <span className="muted">
                {" "}
                · started {formatWhen(replica.startedAt)} · seen {formatWhen(replica.seenAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
