// /supply: report a coin's circulating supply (the one write). /supply?symbol=BTC pre-fills the symbol;
// the supply itself never goes into the address.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router";
import type { Supply } from "../../interface/resources.ts";
import { coinsQueryOptions } from "../coins/queries/coins.ts";
import { useQueueWait } from "../components/query-status.tsx";
import { formatCountdown } from "../format/numbers.ts";
import { useConnection } from "../transport/connection-context.tsx";
import { StoredRecord } from "./stored-record.tsx";
import { symbolFromSearch } from "./supply-checks.ts";
import { type CoinList, SupplyForm } from "./supply-form.tsx";
import "./supply-page.css";

export function SupplyPage() {
  const [params, setParams] = useSearchParams();
  const coinList = useCoinList();
  const [record, setRecord] = useState<Supply | null>(null);

  const stored = (next: Supply) => {
    setRecord(next);
    // The address names the coin just reported (a shareable link back to this form for it).
    if (params.get("symbol") !== next.symbol) setParams({ symbol: next.symbol }, { replace: true });
  };

  return (
    <section className="page supply-page" aria-labelledby="supply-title">
      <header className="page-header">
        <h1 id="supply-title">Circulating supply</h1>
        <p className="muted supply-page__lead">
          Tell the service how many coins of a symbol are in circulation; market caps follow the latest value.
        </p>
      </header>
      <div className="supply-page__layout">
        <SupplyForm
          initialSymbol={symbolFromSearch(params)}
          coinList={coinList}
          onSend={() => setRecord(null)}
          onStored={stored}
        />
        {record ? <StoredRecord record={record} /> : <SupplyHelp />}
      </div>
    </section>
  );
}

/**
 * The coin list for suggestions, fetched only when none is cached: any cached list will do for names, and
 * refetching the list a post invalidates would spend a request on every post.
 */
function useCoinList(): CoinList {
  const options = coinsQueryOptions(useConnection());
  const cached = useQueryClient().getQueryData(options.queryKey) !== undefined;
  const query = useQuery({ ...options, enabled: !cached });
  const waiting = query.fetchStatus === "fetching" && query.data === undefined;
  const waitMs = useQueueWait(options.queryKey, waiting);
  if (query.data) return { coins: query.data.completeCoinList, note: null };
  if (query.isError) {
    return { coins: null, note: "The coin list could not be loaded, so the service will check the symbol." };
  }
  const eta = waitMs !== null ? ` (waiting for a free request slot: ${formatCountdown(waitMs)})` : "";
  return { coins: null, note: `Loading the coin list for suggestions${eta}…` };
}

function SupplyHelp() {
  return (
    <aside className="card supply-help" aria-labelledby="supply-help-title">
      <h2 id="supply-help-title">How it works</h2>
      <ul>
        <li>The service keeps the latest value per coin, with the time and the block it was stored in.</li>
        <li>
          Sending costs one request of your budget (a few a minute). It goes before anything else waiting; if
          it has to wait, the form says how long.
        </li>
        <li>
          The write key is sent only with the post, as a bearer token, and is forgotten when this tab closes.
        </li>
      </ul>
    </aside>
  );
}
