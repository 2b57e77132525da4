// The record the service stored: what now counts as the coin's circulating supply.
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import type { Supply } from "../../interface/resources.ts";
import { formatNumber } from "../format/numbers.ts";
import { formatIsoIn } from "../format/time-zone.ts";
import { useTimeZone } from "../store/settings-context.tsx";

export function StoredRecord({ record }: { record: Supply }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const zone = useTimeZone();
  // A new record takes the focus, so keyboard and screen-reader users land on the response.
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
          <time dateTime={record.time}>{formatIsoIn(record.time, zone, { seconds: true })}</time>
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
