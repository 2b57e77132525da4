// The settings form's fields, grouped as a person thinks of them: the service and its keys, the request
// budget, the look. Each field has its label, a hint, and its error next to it when it has one.
import type { ReactNode } from "react";
import { SecretInput } from "../components/secret-input.tsx";
import { DISPLAY_CURRENCIES, type DisplayCurrency } from "../format/currency.ts";
import { useBudgetSnapshot } from "../transport/connection-context.tsx";
import type { SettingsDraft, SettingsErrors, SettingsField } from "./settings-draft.ts";
import { THEMES, type Theme } from "./store/settings.ts";

const THEME_LABELS: Record<Theme, string> = { system: "System", light: "Light", dark: "Dark" };

export function SettingsFields({
  draft,
  errors,
  change,
  budgetSetting,
  register,
}: {
  draft: SettingsDraft;
  errors: SettingsErrors;
  change: <F extends SettingsField>(field: F, value: SettingsDraft[F]) => void;
  /** The saved budget, to tell whether the one in use is the service's own. */
  budgetSetting: number;
  register: (field: SettingsField) => (element: HTMLElement | null) => void;
}) {
  const budget = useBudgetSnapshot();
  const windowSeconds = Math.round(budget.windowMs / 1000);
  const stated = budget.limit !== budgetSetting || windowSeconds !== 60;
  const describedBy = (field: SettingsField) =>
    [errors[field] ? `settings-${field}-error` : "", `settings-${field}-hint`].filter(Boolean).join(" ");

  return (
    <>
      <fieldset className="card settings-group">
        <legend>Service</legend>
        <Field field="baseUrl" label="Service address" errors={errors} hint={baseUrlHint}>
          <input
            id="settings-baseUrl"
            ref={register("baseUrl")}
            value={draft.baseUrl}
            onChange={(event) => change("baseUrl", event.target.value)}
            placeholder="This site"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            aria-invalid={errors.baseUrl ? true : undefined}
            aria-describedby={describedBy("baseUrl")}
          />
        </Field>
        <Field field="apiKey" label="API key" errors={errors} hint={apiKeyHint}>
          <SecretInput
            id="settings-apiKey"
            what="the API key"
            inputRef={register("apiKey")}
            value={draft.apiKey}
            onChange={(value) => change("apiKey", value)}
            invalid={errors.apiKey !== undefined}
            describedBy={describedBy("apiKey")}
          />
        </Field>
        <Field field="writeKey" label="Write key" errors={errors} hint={writeKeyHint}>
          <SecretInput
            id="settings-writeKey"
            what="the write key"
            inputRef={register("writeKey")}
            value={draft.writeKey}
            onChange={(value) => change("writeKey", value)}
            invalid={errors.writeKey !== undefined}
            describedBy={describedBy("writeKey")}
          />
        </Field>
      </fieldset>

      <fieldset className="card settings-group">
        <legend>Request budget</legend>
        <Field
          field="budgetPerMinute"
          label="Requests per minute"
          errors={errors}
          hint={
            <>
              Planned with until the service states its own limit (RateLimit-Policy). In use now:{" "}
              <strong data-testid="budget-in-use">
                {budget.limit} requests per {windowSeconds} s
              </strong>
              {stated ? ", as the service states it." : ", from this setting."}
            </>
          }
        >
          <input
            id="settings-budgetPerMinute"
            className="settings-form__short"
            ref={register("budgetPerMinute")}
            value={draft.budgetPerMinute}
            onChange={(event) => change("budgetPerMinute", event.target.value)}
            inputMode="numeric"
            autoComplete="off"
            aria-invalid={errors.budgetPerMinute ? true : undefined}
            aria-describedby={describedBy("budgetPerMinute")}
          />
        </Field>
      </fieldset>

      <fieldset className="card settings-group">
        <legend>Display</legend>
        <fieldset className="settings-themes" aria-describedby="settings-theme-hint">
          <legend>Theme</legend>
          <div className="settings-themes__options">
            {THEMES.map((theme) => (
              <label key={theme} className="settings-themes__option">
                <input
                  type="radio"
                  name="theme"
                  value={theme}
                  ref={theme === draft.theme ? register("theme") : undefined}
                  checked={draft.theme === theme}
                  onChange={() => change("theme", theme)}
                />
                {THEME_LABELS[theme]}
              </label>
            ))}
          </div>
          <p id="settings-theme-hint" className="field__hint">
            System follows your device's light or dark setting.
          </p>
        </fieldset>
        <Field
          field="currency"
          label="Currency"
          errors={errors}
          hint="Prices are shown in this currency, converted with the service's FX rates."
        >
          <select
            id="settings-currency"
            className="settings-form__short"
            ref={register("currency")}
            value={draft.currency}
            onChange={(event) => change("currency", event.target.value as DisplayCurrency)}
            aria-describedby={describedBy("currency")}
          >
            {DISPLAY_CURRENCIES.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </select>
        </Field>
      </fieldset>
    </>
  );
}

const baseUrlHint = (
  <>
    Where the market data service is, e.g. https://market.example.com. Empty: this site. Changing it clears
    the cached data, which belongs to the previous service.
  </>
);
const apiKeyHint =
  "Optional. Sent as X-Api-Key, for a larger request limit if the service's operator issued you a key.";
const writeKeyHint =
  "Needed only to report circulating supply. Kept for this browser tab only, forgotten when it closes.";

function Field({
  field,
  label,
  errors,
  hint,
  children,
}: {
  field: SettingsField;
  label: string;
  errors: SettingsErrors;
  hint: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={`settings-${field}`}>{label}</label>
      {children}
      {errors[field] ? (
        <p id={`settings-${field}-error`} className="field__error">
          {errors[field]}
        </p>
      ) : null}
      <p id={`settings-${field}-hint`} className="field__hint">
        {hint}
      </p>
    </div>
  );
}
