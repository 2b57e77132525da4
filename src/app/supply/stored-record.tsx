// The record the service stored, as it answered: what now counts as the coin's circulating supply. Its time
// is in the time zone setting, the zone named.
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import type { Supply } from "../../interface/resources.ts";
import { formatNumber } from "../format/numbers.ts";
import { formatDateTimeIn, type TimeZone, timeZoneAbbreviation } from "../format/time-zone.ts";
import { useTimeZone } from "../store/settings-context.tsx";

export function StoredRecord({ record }: { record: Supply }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const zone = useTimeZone();
  // A new record takes the focus, so keyboard and screen-reader users land on the answer.
  useEffect(() => {
    if (record) heading.current?.focus();
  }, [record]);
  const supply = formatNumber(record.circulatingSupply, 8, "en-US");
  return (
    <section className="card supply-record" aria-labelledby="supply-record-title">
      <h2 id="supply-record-title" ref={heading} tabIndex={-1}>
        Stored
      </h2>
      <p className="success-notice" role="status">
        The service stored {supply} coins as the circulating supply of {record.name} ({record.symbol}).
      </p>
      <dl className="supply-record__list">
        <dt>Symbol</dt>
        <dd>{record.symbol}</dd>
        <dt>Name</dt>
        <dd>{record.name}</dd>
        <dt>Circulating supply</dt>
        <dd className="num" data-testid="stored-supply">
          {supply}
        </dd>
        <dt>Source</dt>
        <dd>{record.source}</dd>
        <dt>Time</dt>
        <dd>
          <time dateTime={record.time}>{storedAt(record.time, zone)}</time>
        </dd>
        <dt>Block</dt>
        <dd className="num">{record.block}</dd>
      </dl>
      <p className="supply-record__next">
        <Link to={`/symbol/${encodeURIComponent(record.symbol)}`}>See {record.symbol}'s market data</Link>
        <span className="muted"> · its cached data is refreshed on your next look</span>
      </p>
    </section>
  );
}

/** When the record was stored, in `zone` and naming it: "Jan 2, 2024, 9:30:05 AM UTC+09:00". */
function storedAt(iso: string, zone: TimeZone): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return `${formatDateTimeIn(ms / 1000, zone, { seconds: true })} ${timeZoneAbbreviation(zone, ms / 1000)}`;
}
