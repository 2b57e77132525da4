// Every exchange followed for the coin in one block, heaviest first. An exchange that did not trade says
// why (quiet, or down), so a missing exchange is never just absent.
import type { Contribution } from "../../interface/provenance.ts";
import { type CurrencyChoice, convert } from "../format/currency.ts";
import { formatNumber, formatPrice } from "../format/numbers.ts";
import { describeDistance, formatDistance, formatShare, sharesOf } from "./provenance-figures.ts";
import { formatCoinAmount } from "./trade-format.ts";

const ROLE_NOTE = {
  contributed: "traded",
  quiet: "quiet: no trades",
  down: "down: not connected",
} as const;

export function ProvenanceExchanges({
  symbol,
  exchanges,
  fx,
}: {
  symbol: string;
  exchanges: readonly Contribution[];
  fx: CurrencyChoice;
}) {
  const shares = sharesOf(exchanges.map((e) => (e.role === "contributed" ? e.weight : 0)));
  return (
    <div className="table-scroll">
      <table className="data-table provenance-exchanges">
        <caption className="visually-hidden">
          Exchanges in this block of {symbol}, heaviest first: share of the volume, own MA120 and distance
          from the crowd's
        </caption>
        <thead>
          <tr>
            <th scope="col">Exchange</th>
            <th scope="col" className="provenance-exchanges__share">
              Share of volume
            </th>
            <th scope="col" className="num col-optional">
              Its MA120 ({fx.currency})
            </th>
            <th scope="col" className="num">
              vs crowd
            </th>
            <th scope="col" className="num col-optional">
              Trades
            </th>
            <th scope="col" className="num col-optional">
              Volume ({symbol})
            </th>
          </tr>
        </thead>
        <tbody>
          {exchanges.map((exchange, index) => {
            const share = shares[index] ?? 0;
            const figures = exchange.figures;
            const traded = exchange.role === "contributed";
            return (
              <tr key={exchange.exchange} className={`provenance-row provenance-row--${exchange.role}`}>
                <th scope="row">{exchange.exchange}</th>
                <td className="provenance-exchanges__share">
                  {traded ? (
                    <span className="share">
                      <span className="share__bar" aria-hidden="true">
                        <span className="share__fill" style={{ width: `${Math.min(100, share)}%` }} />
                      </span>
                      <span className="share__value" data-share={share}>
                        {formatShare(share)}
                      </span>
                    </span>
                  ) : (
                    <span className={`role-tag role-tag--${exchange.role}`}>{ROLE_NOTE[exchange.role]}</span>
                  )}
                </td>
                <td className={`num col-optional${traded ? "" : " muted"}`}>
                  {figures ? formatPrice(convert(figures.ma120, fx), fx.currency) : "—"}
                </td>
                <td className={`num${traded ? "" : " muted"}`} title={describeDistance(exchange.distance)}>
                  {formatDistance(exchange.distance)}
                </td>
                <td className="num col-optional">{figures ? formatNumber(figures.trades, 0) : "—"}</td>
                <td className="num col-optional">{figures ? formatCoinAmount(figures.volume) : "—"}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
