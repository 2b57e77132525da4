// Every rate type the service lists, each a link selecting it.
import type { UseQueryResult } from "@tanstack/react-query";
import { Link } from "react-router";
import type { InterestRateMeta } from "../../interface/resources.ts";
import { RATE_TYPE_SYMBOLS, RATE_TYPES, type RateType } from "../../interface/vocabulary.ts";
import { QueryView } from "../components/query-status.tsx";
import { SkeletonRows } from "../components/skeleton.tsx";
import { queryKeys } from "../queries/query-keys.ts";
import { dayOf } from "./rate-days.ts";
import { isRateType } from "./rates-search.ts";

/** The vocabulary's order (overnight rates, their averages, the index), unknown types last. */
export function inListOrder(list: readonly InterestRateMeta[]): InterestRateMeta[] {
  const rank = (symbol: string) => {
    const at = (RATE_TYPE_SYMBOLS as readonly string[]).indexOf(symbol);
    return at === -1 ? RATE_TYPE_SYMBOLS.length : at;
  };
  return [...list].sort((a, b) => rank(a.symbol) - rank(b.symbol) || a.symbol.localeCompare(b.symbol));
}

export function RateTypesList({
  query,
  selected,
  searchFor,
}: {
  query: UseQueryResult<InterestRateMeta[]>;
  selected: RateType;
  /** The address's query that selects `type`. */
  searchFor: (type: RateType) => string;
}) {
  return (
    <section className="card rate-types" aria-labelledby="rate-types-title">
      <h2 id="rate-types-title">Rate types</h2>
      <QueryView
        query={query}
        queryKey={queryKeys.interestRateTypes()}
        what="the rate types"
        skeleton={
          // As tall as the list, or the value panel below it on a phone would jump when the list came.
          <div className="rate-types__loading">
            <SkeletonRows rows={RATE_TYPE_SYMBOLS.length + 1} columns={4} label="the rate types" />
          </div>
        }
      >
        {(list) => (
          <div className="table-scroll rate-types__scroll">
            <table className="data-table rate-types__table">
              <caption className="visually-hidden">
                Interest rate types: issuer, first date and decimals
              </caption>
              <thead>
                <tr>
                  <th scope="col">Rate</th>
                  <th scope="col" className="rate-types__wide">
                    Issuer
                  </th>
                  <th scope="col" className="rate-types__wide">
                    First date
                  </th>
                  <th scope="col" className="num rate-types__wide">
                    Decimals
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Choose</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {inListOrder(list).map((meta) => (
                  <TypeRow
                    key={meta.symbol}
                    meta={meta}
                    selected={meta.symbol === selected}
                    searchFor={searchFor}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryView>
    </section>
  );
}

function TypeRow({
  meta,
  selected,
  searchFor,
}: {
  meta: InterestRateMeta;
  selected: boolean;
  searchFor: (type: RateType) => string;
}) {
  const known = isRateType(meta.symbol) ? meta.symbol : null;
  return (
    <tr
      className={selected ? "rate-types__row--selected" : undefined}
      aria-current={selected ? "true" : undefined}
    >
      <th scope="row" className="rate-types__rate">
        <span className="rate-types__symbol">{meta.symbol}</span>
        {known ? <span className="rate-types__name">{RATE_TYPES[known].name}</span> : null}
        {/* On narrow screens the issuer and first date columns give way to this line. */}
        <span className="rate-types__facts">
          {meta.issuer} · from {dayOf(meta.firstDate)}
        </span>
      </th>
      <td className="rate-types__wide">{meta.issuer}</td>
      <td className="rate-types__wide rate-types__date">{dayOf(meta.firstDate)}</td>
      <td className="num rate-types__wide">{meta.decimals}</td>
      <td className="rate-types__action">
        {selected ? (
          <span className="rate-types__current">Selected</span>
        ) : known ? (
          <Link
            to={{ search: searchFor(known) }}
            className="button rate-types__select"
            aria-label={`Select ${meta.symbol}`}
          >
            Select
          </Link>
        ) : null}
      </td>
    </tr>
  );
}
