// The supply form: symbol (suggested from the coin list), circulating supply and the write key. Everything
// is checked before a request is spent; a problem shows next to its field and the first such field takes
// the focus. What was typed stays in the form whatever the service answers.
import { type FormEvent, useEffect, useRef, useState } from "react";
import type { CoinSymbolAndName, Supply } from "../../interface/resources.ts";
import { FailureBox } from "../components/failure-box.tsx";
import { SecretInput } from "../components/secret-input.tsx";
import { formatNumber } from "../format/numbers.ts";
import { loadWriteKey, saveWriteKey } from "../settings/store/write-key.ts";
import { useConnection } from "../transport/connection-context.tsx";
import { usePostSupply } from "./queries/supply.ts";
import {
  checkSupplyDraft,
  type FieldErrors,
  firstInvalid,
  parseSupply,
  type SupplyDraft,
  type SupplyField,
  suggestSymbol,
} from "./supply-checks.ts";
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
  /** A post is about to go: an earlier stored record no longer answers what is in the form. */
  onSend: () => void;
  onStored: (record: Supply) => void;
}) {
  const { baseUrl } = useConnection();
  const mutation = usePostSupply();
  const [draft, setDraft] = useState<SupplyDraft>(() => ({
    symbol: initialSymbol,
    supply: "",
    writeKey: loadWriteKey(),
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formFailure, setFormFailure] = useState<{ title: string; detail: string } | null>(null);
  const inputs = {
    symbol: useRef<HTMLInputElement>(null),
    supply: useRef<HTMLInputElement>(null),
    writeKey: useRef<HTMLInputElement>(null),
  };
  const focusAfterRender = useRef<SupplyField | null>(null);

  // A link to /supply?symbol=ETH while the form is open fills the symbol in.
  const [seenSymbol, setSeenSymbol] = useState(initialSymbol);
  if (initialSymbol !== seenSymbol) {
    setSeenSymbol(initialSymbol);
    if (initialSymbol !== "") setDraft((now) => ({ ...now, symbol: initialSymbol }));
  }

  // Focus moves once the error is on screen, so a screen reader reads it with the field.
  useEffect(() => {
    const field = focusAfterRender.current;
    if (field === null) return;
    focusAfterRender.current = null;
    inputs[field].current?.focus();
  });

  const showErrors = (next: FieldErrors) => {
    focusAfterRender.current = firstInvalid(next);
    setErrors(next);
  };

  const change = (field: SupplyField, value: string) => {
    setDraft((now) => ({ ...now, [field]: value }));
    if (field === "writeKey") saveWriteKey(value.trim());
    if (errors[field] !== undefined) setErrors(({ [field]: _, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setFormFailure(null);
    const checked = checkSupplyDraft(draft, coinList.coins);
    if (!checked.ok) {
      showErrors(checked.errors);
      return;
    }
    showErrors({});
    saveWriteKey(checked.post.writeKey);
    onSend();
    mutation.mutate(checked.post, {
      onSuccess: onStored,
      onError: (error) => {
        const failure = describeSupplyFailure(error, baseUrl);
        if (failure.place === "field") showErrors({ [failure.field]: failure.message });
        else setFormFailure({ title: failure.title, detail: failure.detail });
      },
    });
  };

  const described = (field: SupplyField) => (errors[field] ? `supply-${field}-error` : undefined);
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
          id="supply-symbol"
          ref={inputs.symbol}
          list="supply-symbols"
          value={draft.symbol}
          onChange={(event) => change("symbol", event.target.value)}
          aria-invalid={errors.symbol ? true : undefined}
          aria-describedby={[described("symbol"), "supply-symbol-hint"].filter(Boolean).join(" ")}
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
        {errors.symbol ? (
          <p id="supply-symbol-error" className="field__error">
            {errors.symbol}{" "}
            {meant ? (
              <button
                type="button"
                className="button supply-form__use"
                onClick={() => {
                  change("symbol", meant.symbol);
                  inputs.supply.current?.focus();
                }}
              >
                Use {meant.symbol}
              </button>
            ) : null}
          </p>
        ) : null}
        <p id="supply-symbol-hint" className="field__hint">
          {known ? <span className="supply-form__known">{known.name}</span> : null}
          {known ? " · " : null}
          {coinList.note ?? "Case-sensitive, as the service lists it: BTC, ETH…"}
        </p>
      </div>

      <div className="field">
        <label htmlFor="supply-amount">Circulating supply</label>
        <input
          id="supply-amount"
          ref={inputs.supply}
          value={draft.supply}
          onChange={(event) => change("supply", event.target.value)}
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={errors.supply ? true : undefined}
          aria-describedby={[described("supply"), "supply-amount-hint"].filter(Boolean).join(" ")}
        />
        {errors.supply ? (
          <p id="supply-supply-error" className="field__error">
            {errors.supply}
          </p>
        ) : null}
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
          inputRef={inputs.writeKey}
          value={draft.writeKey}
          onChange={(value) => change("writeKey", value)}
          invalid={errors.writeKey !== undefined}
          describedBy={[described("writeKey"), "supply-write-key-hint"].filter(Boolean).join(" ")}
        />
        {errors.writeKey ? (
          <p id="supply-writeKey-error" className="field__error">
            {errors.writeKey}
          </p>
        ) : null}
        <p id="supply-write-key-hint" className="field__hint">
          Given by the service's operator. Kept only in this browser tab and forgotten when it closes.
        </p>
      </div>

      {formFailure ? <FailureBox failure={formFailure} /> : null}

      <div className="supply-form__actions">
        <button
          type="submit"
          className="button button--primary"
          aria-disabled={mutation.isPending || undefined}
        >
          {mutation.isPending ? "Sending…" : "Send supply"}
        </button>
        <PostProgress pending={mutation.isPending} />
      </div>
    </form>
  );
}
