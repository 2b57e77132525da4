// The settings form's fields, grouped as a person thinks of them: the service and its keys, the request
// budget, the look.
import { SecretInput } from "../components/secret-input.tsx";
import { type FormDraft, FormField } from "../components/use-form-draft.tsx";
import { DISPLAY_CURRENCIES } from "../format/currency.ts";
import {
  browserTimeZone,
  TIME_ZONE_SETTINGS,
  timeZoneLabel,
  timeZoneOf,
  timeZoneSettingLabel,
} from "../format/time-zone.ts";
import { THEMES, type Theme } from "../store/settings.ts";
import { useBudgetSnapshot } from "../transport/connection-context.tsx";
import type { SettingsDraft, SettingsField } from "./settings-draft.ts";

const THEME_LABELS: Record<Theme, string> = { system: "System", light: "Light", dark: "Dark" };

type SettingsForm = FormDraft<SettingsDraft, SettingsField>;

export function SettingsFields({
  form,
  budgetSetting,
}: {
  form: SettingsForm;
  /** The saved budget, to tell whether the one in use is the service's own. */
  budgetSetting: number;
}) {
  const budget = useBudgetSnapshot();
  const windowSeconds = Math.round(budget.windowMs / 1000);
  const stated = budget.limit !== budgetSetting || windowSeconds !== 60;

  return (
    <>
      <fieldset className="card settings-group">
        <legend>Service</legend>
        <FormField form={form} field="baseUrl" label="Service address" hint={baseUrlHint}>
          <input
            {...form.input("baseUrl", "settings-baseUrl-hint")}
            placeholder="This site"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
          />
        </FormField>
        <FormField form={form} field="apiKey" label="API key" hint={apiKeyHint}>
          <SecretInput {...form.secret("apiKey", "settings-apiKey-hint")} what="the API key" />
        </FormField>
        <FormField form={form} field="writeKey" label="Write key" hint={writeKeyHint}>
          <SecretInput {...form.secret("writeKey", "settings-writeKey-hint")} what="the write key" />
        </FormField>
      </fieldset>

      <fieldset className="card settings-group">
        <legend>Request budget</legend>
        <FormField
          form={form}
          field="budgetPerMinute"
          label="Requests per minute"
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
            {...form.input("budgetPerMinute", "settings-budgetPerMinute-hint")}
            className="settings-form__short"
            inputMode="numeric"
            autoComplete="off"
          />
        </FormField>
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
                  ref={theme === form.draft.theme ? form.refOf("theme") : undefined}
                  checked={form.draft.theme === theme}
                  onChange={() => form.change("theme", theme)}
                />
                {THEME_LABELS[theme]}
              </label>
            ))}
          </div>
          <p id="settings-theme-hint" className="field__hint">
            System follows your device's light or dark setting.
          </p>
        </fieldset>
        <FormField
          form={form}
          field="currency"
          label="Currency"
          hint="Prices are shown in this currency, converted with the service's FX rates."
        >
          <select {...form.input("currency", "settings-currency-hint")} className="settings-form__short">
            {DISPLAY_CURRENCIES.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </select>
        </FormField>
        <TimeZoneChoice form={form} />
      </fieldset>
    </>
  );
}

/** UTC or the browser's zone, each named; the hint says what the chosen one is right now. */
function TimeZoneChoice({ form }: { form: SettingsForm }) {
  const browser = browserTimeZone();
  const chosen = timeZoneOf(form.draft.timeZone, browser);
  return (
    <fieldset className="settings-themes" aria-describedby="settings-timeZone-hint">
      <legend>Time zone</legend>
      <div className="settings-themes__options">
        {TIME_ZONE_SETTINGS.map((setting) => (
          <label key={setting} className="settings-themes__option">
            <input
              type="radio"
              name="timeZone"
              value={setting}
              ref={setting === form.draft.timeZone ? form.refOf("timeZone") : undefined}
              checked={form.draft.timeZone === setting}
              onChange={() => form.change("timeZone", setting)}
            />
            {timeZoneSettingLabel(setting, browser)}
          </label>
        ))}
      </div>
      {form.error("timeZone")}
      <p id="settings-timeZone-hint" className="field__hint">
        Times on charts, in tables and in CSV exports are written in{" "}
        <strong data-testid="time-zone-in-use">{timeZoneLabel(chosen)}</strong>. Daily and weekly chart
        buckets stay UTC days, as the service makes them.
      </p>
    </fieldset>
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
