// The console: the service's health, the usage review with its chart and its live streams, the keys, the
// address rules and the audit log, one landmark section each. The period and the chosen client are in the
// address (?period=day&client=key:9f2c01ab), so a review can be linked and back/forward move between them;
// nothing secret is.
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { USAGE_PERIODS, type UsagePeriod } from "../../interface/admin.ts";
import { AddressesSection } from "./addresses-section.tsx";
import { isKeyRefused } from "./admin-failure.ts";
import { AuditSection } from "./audit-section.tsx";
import { HealthSection } from "./health-section.tsx";
import { KeysSection } from "./keys-section.tsx";
import { useHealth } from "./queries/health.ts";
import { RequestsChartSection } from "./requests-chart-section.tsx";
import { StreamsSection } from "./streams-section.tsx";
import { UsageSection } from "./usage-section.tsx";

export const DEFAULT_PERIOD: UsagePeriod = "day";

export function periodFrom(params: URLSearchParams): UsagePeriod {
  const asked = params.get("period");
  return asked !== null && Object.hasOwn(USAGE_PERIODS, asked) ? (asked as UsagePeriod) : DEFAULT_PERIOD;
}

export function AdminConsole({ onKeyRefused, onForget }: { onKeyRefused: () => void; onForget: () => void }) {
  const [params, setParams] = useSearchParams();
  const period = periodFrom(params);
  const client = params.get("client");
  const health = useHealth();
  const refused = isKeyRefused(health.error);

  useEffect(() => {
    if (refused) onKeyRefused();
  }, [refused, onKeyRefused]);

  const choose = (next: { period?: UsagePeriod; client?: string | null }) => {
    const updated = new URLSearchParams(params);
    const nextPeriod = next.period ?? period;
    if (nextPeriod === DEFAULT_PERIOD) updated.delete("period");
    else updated.set("period", nextPeriod);
    const nextClient = next.client === undefined ? client : next.client;
    if (nextClient === null) updated.delete("client");
    else updated.set("client", nextClient);
    setParams(updated);
  };

  return (
    <div className="page admin-page">
      <header className="page-header admin-page__header">
        <div>
          <h1>Admin console</h1>
          <p className="muted admin-page__lead">
            Who uses the service and how much; keys, limits and blocked addresses. Every change is in the
            audit log and reaches every replica within a second.
          </p>
        </div>
        <button type="button" className="button" onClick={onForget}>
          Forget the key
        </button>
      </header>
      <HealthSection query={health} />
      <UsageSection
        period={period}
        selected={client}
        onPeriod={(next) => choose({ period: next })}
        onSelect={(next) => choose({ client: next })}
      />
      <RequestsChartSection period={period} client={client} onWholeService={() => choose({ client: null })} />
      <StreamsSection period={period} />
      <KeysSection />
      <AddressesSection />
      <AuditSection />
    </div>
  );
}
