// /rates: every interest-rate type, the selected type's value on a date, and its fixings over a range, all
// in the address (rates-search.ts) so back/forward re-reads the cache.
import "./rates-page.css";
import { useSearchParams } from "react-router";
import { PageLede } from "../components/page-lede.tsx";
import { useInterestRateTypes } from "./queries/interest-rate-types.ts";
import { decimalsOf } from "./rate-format.ts";
import { RateRangeSection } from "./rate-range-section.tsx";
import { RateTypesList } from "./rate-types-list.tsx";
import { RateValuePanel } from "./rate-value-panel.tsx";
import { parseRatesSearch, type RatesSearch, ratesSearchParams } from "./rates-search.ts";

export function RatesPage() {
  const [params, setParams] = useSearchParams();
  const search = parseRatesSearch(params);
  const types = useInterestRateTypes();
  const decimals = decimalsOf(search.type, types.data);
  const go = (next: RatesSearch) => setParams(ratesSearchParams(next));

  return (
    <section className="page rates-page" aria-labelledby="rates-title">
      <header className="page-header">
        <h1 id="rates-title">Interest rates</h1>
        <PageLede page="rates" />
        <p className="muted rates-page__lede">
          From the ECB, the Fed and the Bank of England, in percent; the SOFR Index (SAFR) is an index level.
        </p>
      </header>
      <div className="rates-page__top">
        <RateTypesList
          query={types}
          selected={search.type}
          // Another type keeps the date but not the listed range: one request per choice.
          searchFor={(type) => `?${ratesSearchParams({ type, date: search.date, range: null })}`}
        />
        <RateValuePanel
          type={search.type}
          date={search.date}
          decimals={decimals}
          onDateChange={(date) => go({ ...search, date })}
        />
      </div>
      <RateRangeSection
        type={search.type}
        range={search.range}
        decimals={decimals}
        onShow={(range) => go({ ...search, range })}
      />
    </section>
  );
}
