// The supply form: symbol (suggested from the coin list), circulating supply and the write key, each
// checked before a request is spent.
import { useState } from "react";
import type { CoinSymbolAndName, Supply } from "../../interface/resources.ts";
import { FailureBox } from "../components/failure-box.tsx";
import { SecretInput } from "../components/secret-input.tsx";
import { SendButton } from "../components/send-button.tsx";
import { useFormDraft } from "../components/use-form-draft.tsx";
import { formatNumber } from "../format/numbers.ts";
import { loadWriteKey, saveWriteKey } from "../store/write-key.ts";
import { useConnection } from "../transport/connection-context.tsx";
import { usePostSupply } from "./queries/supply.ts";
import { checkSupplyDraft, parseSupply, SUPPLY_FIELDS, suggestSymbol } from "./supply-checks.ts";
import { describeSupplyFailure } from "./supply-failure.ts";
import { PostProgress } from "./supply-progress.tsx";

export interface CoinList {
  /** null while the list is not here: then only the service checks the symbol. */
  coins: readonly CoinSymbolAndName[] | null;
  /** Said under the symbol when the list is missing (loading, or failed). */
  note: string | null;
}

export function SupplyForm({
  initialSymbol,
  coinList,
  onSend,
  onStored,
}: {
  initialSymbol: string;
  coinList: CoinList;
  /** A post is about to go: an earlier stored record no longer matches what is in the form. */
  onSend: () => void;
  onStored: (record: Supply) => void;
}) {
  const { baseUrl } = useConnection();
  const mutation = usePostSupply();
  const form = useFormDraft({
    id: "supply",
    fields: SUPPLY_FIELDS,
    initial: () => ({ symbol: initialSymbol, supply: "", writeKey: loadWriteKey() }),
  });
  const { draft, errors } = form;

  // A link to /supply?symbol=ETH while the form is open fills the symbol in.
  const [seenSymbol, setSeenSymbol] = useState(initialSymbol);
  if (initialSymbol !== seenSymbol) {
    setSeenSymbol(initialSymbol);
    if (initialSymbol !== "") form.setDraft((now) => ({ ...now, symbol: initialSymbol }));
  }

  const submit = form.submit(
    mutation.isPending,
    (typed) => checkSupplyDraft(typed, coinList.coins),
    ({ post }) => {
      saveWriteKey(post.writeKey);
      onSend();
      mutation.mutate(post, {
        onSuccess: onStored,
        onError: (error) => form.refuse(describeSupplyFailure(error, baseUrl)),
      });
    },
  );

  const coins = coinList.coins ?? [];
  const known = coins.find((coin) => coin.symbol === draft.symbol.trim());
  const meant = errors.symbol && !known ? suggestSymbol(draft.symbol, coins) : null;
  const supplyPreview = parseSupply(draft.supply);

  return (
    <form className="card supply-form" onSubmit={submit} noValidate aria-labelledby="supply-form-title">
      <h2 id="supply-form-title" className="supply-form__title">
        Report a circulating supply
      </h2>

      <div className="field">
        <label htmlFor="supply-symbol">Symbol</label>
        <input
          {...form.input("symbol", "supply-symbol-hint")}
          list="supply-symbols"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
        <datalist id="supply-symbols">
          {coins.map((coin) => (
            <option key={coin.symbol} value={coin.symbol}>
              {coin.name}
            </option>
          ))}
        </datalist>
        {form.error(
          "symbol",
          meant ? (
            <button
              type="button"
              className="button supply-form__use"
              onClick={() => {
                form.change("symbol", meant.symbol);
                form.focus("supply");
              }}
            >
              Use {meant.symbol}
            </button>
          ) : null,
        )}
        <p id="supply-symbol-hint" className="field__hint">
          {known ? <span className="supply-form__known">{known.name}</span> : null}
          {known ? " · " : null}
          {coinList.note ?? "Case-sensitive, as the service lists it: BTC, ETH…"}
        </p>
      </div>

      <div className="field">
        <label htmlFor="supply-amount">Circulating supply</label>
        <input
          {...form.input("supply", "supply-amount-hint")}
          id="supply-amount"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
        />
        {form.error("supply")}
        <p id="supply-amount-hint" className="field__hint">
          {supplyPreview.ok ? (
            <span className="supply-form__preview">
              {formatNumber(supplyPreview.value, 3, "en-US")} coins ·{" "}
            </span>
          ) : null}
          Coins in circulation, more than 0 and at most 10¹⁵. Commas between thousands are fine: 19,912,345.
        </p>
      </div>

      <div className="field">
        <label htmlFor="supply-write-key">Write key</label>
        <SecretInput
          id="supply-write-key"
          what="the write key"
          inputRef={form.refOf("writeKey")}
          value={draft.writeKey}
          onChange={(value) => {
            form.change("writeKey", value);
            saveWriteKey(value.trim());
          }}
          invalid={errors.writeKey !== undefined}
          describedBy={form.described("writeKey", "supply-write-key-hint")}
        />
        {form.error("writeKey")}
        <p id="supply-write-key-hint" className="field__hint">
          Given by the service's operator. Kept only in this browser tab and forgotten when it closes.
        </p>
      </div>

      {form.failure ? <FailureBox failure={form.failure} /> : null}

      <div className="supply-form__actions">
        <SendButton pending={mutation.isPending} busy="Sending…">
          Send supply
        </SendButton>
        <PostProgress pending={mutation.isPending} />
      </div>
    </form>
  );
}
