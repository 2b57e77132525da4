// /settings: where the service is and which keys to send, the request budget to plan with, how things look,
// and the cached data. Saved with one button; an invalid field keeps what was typed and names the problem.
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { clearCachedData } from "./clear-cache.ts";
import { ClearCacheSection } from "./clear-cache-section.tsx";
import {
  changedSettings,
  checkSettingsDraft,
  draftOf,
  firstInvalidSetting,
  followSettings,
  type SettingsDraft,
  type SettingsErrors,
  type SettingsField,
} from "./settings-draft.ts";
import { SettingsFields } from "./settings-fields.tsx";
import { useSettings } from "./store/settings-context.tsx";
import { loadWriteKey, saveWriteKey } from "./store/write-key.ts";
import "./settings-page.css";

type Status = { kind: "saved" | "invalid" | "failed"; text: string } | null;

export function SettingsPage() {
  const [settings, update] = useSettings();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(settings, loadWriteKey()));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [status, setStatus] = useState<Status>(null);
  const [saving, setSaving] = useState(false);
  const inputs = useRef<Partial<Record<SettingsField, HTMLElement | null>>>({});
  const focusAfterRender = useRef<SettingsField | null>(null);

  // The settings changed elsewhere (the header's theme switch, another tab): untouched fields follow.
  const [base, setBase] = useState(settings);
  if (base !== settings) {
    setBase(settings);
    setDraft((now) => followSettings(now, draftOf(base, now.writeKey), draftOf(settings, now.writeKey)));
  }

  useEffect(() => {
    const field = focusAfterRender.current;
    if (field === null) return;
    focusAfterRender.current = null;
    inputs.current[field]?.focus();
  });

  const change = <F extends SettingsField>(field: F, value: SettingsDraft[F]) => {
    setDraft((now) => ({ ...now, [field]: value }));
    if (errors[field] !== undefined) setErrors(({ [field]: _, ...rest }) => rest);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = checkSettingsDraft(draft);
    if (!checked.ok) {
      const count = Object.keys(checked.errors).length;
      focusAfterRender.current = firstInvalidSetting(checked.errors);
      setErrors(checked.errors);
      setStatus({
        kind: "invalid",
        text: `Nothing was saved: ${count === 1 ? "one field needs" : `${count} fields need`} a fix.`,
      });
      return;
    }
    setErrors({});
    const changes = changedSettings(settings, checked.values.settings);
    const movedService = changes.baseUrl !== undefined;
    setSaving(true);
    let cleared = true;
    try {
      // The cached data belongs to the old service: forget it before anything can ask the new one.
      if (movedService) await clearCachedData(queryClient).catch(() => (cleared = false));
      saveWriteKey(checked.values.writeKey);
      update(changes);
      setDraft(draftOf({ ...settings, ...changes }, checked.values.writeKey));
      setStatus({ kind: "saved", text: savedText(movedService, cleared) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="page settings-page" aria-labelledby="settings-title">
      <header className="page-header">
        <h1 id="settings-title">Settings</h1>
        <p className="muted settings-page__lead">
          Kept in this browser. Keys go only to the service named here.
        </p>
      </header>
      <form className="settings-form" onSubmit={save} noValidate aria-labelledby="settings-title">
        <SettingsFields
          draft={draft}
          errors={errors}
          change={change}
          budgetSetting={settings.budgetPerMinute}
          register={(field) => (element) => {
            inputs.current[field] = element;
          }}
        />
        <div className="settings-form__actions">
          <button type="submit" className="button button--primary" aria-disabled={saving || undefined}>
            {saving ? "Saving…" : "Save settings"}
          </button>
          <output className={`settings-status settings-status--${status?.kind ?? "none"}`} aria-live="polite">
            {status?.text ?? ""}
          </output>
        </div>
      </form>
      <ClearCacheSection />
    </section>
  );
}

function savedText(movedService: boolean, cleared: boolean): string {
  if (!movedService) return "Saved.";
  if (!cleared) {
    return "Saved. The service address changed, but the cached data could not all be removed: use “Clear cached data” below.";
  }
  return "Saved. The service address changed, so the cached data was cleared: it belonged to the previous service.";
}
