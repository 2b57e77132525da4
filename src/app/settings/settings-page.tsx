// /settings: the service and its keys, the request budget, the look, and the cached data, saved with one
// button.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useFormDraft } from "../components/use-form-draft.tsx";
import { useSettings } from "../store/settings-context.tsx";
import { loadWriteKey, saveWriteKey } from "../store/write-key.ts";
import { clearCachedData } from "./clear-cache.ts";
import { ClearCacheSection } from "./clear-cache-section.tsx";
import {
  changedSettings,
  checkSettingsDraft,
  draftOf,
  followSettings,
  SETTINGS_FIELDS,
} from "./settings-draft.ts";
import { SettingsFields } from "./settings-fields.tsx";
import "./settings-page.css";
import { SendButton } from "../components/send-button.tsx";

type Status = { kind: "saved" | "invalid" | "failed"; text: string } | null;

export function SettingsPage() {
  const [settings, update] = useSettings();
  const queryClient = useQueryClient();
  const form = useFormDraft({
    id: "settings",
    fields: SETTINGS_FIELDS,
    initial: () => draftOf(settings, loadWriteKey()),
  });
  const [status, setStatus] = useState<Status>(null);
  const [saving, setSaving] = useState(false);

  // The settings changed elsewhere (the header's theme switch, another tab): untouched fields follow.
  const [base, setBase] = useState(settings);
  if (base !== settings) {
    setBase(settings);
    form.setDraft((now) => followSettings(now, draftOf(base, now.writeKey), draftOf(settings, now.writeKey)));
  }

  const save = form.submit(
    saving,
    (draft) => {
      const checked = checkSettingsDraft(draft);
      if (!checked.ok) setStatus({ kind: "invalid", text: invalidText(Object.keys(checked.errors).length) });
      return checked;
    },
    async ({ values }) => {
      const changes = changedSettings(settings, values.settings);
      const movedService = changes.baseUrl !== undefined;
      setSaving(true);
      let cleared = true;
      try {
        // The cached data belongs to the old service: forget it before anything can ask the new one.
        if (movedService) await clearCachedData(queryClient).catch(() => (cleared = false));
        saveWriteKey(values.writeKey);
        update(changes);
        form.setDraft(draftOf({ ...settings, ...changes }, values.writeKey));
        setStatus({ kind: "saved", text: savedText(movedService, cleared) });
      } finally {
        setSaving(false);
      }
    },
  );

  return (
    <section className="page settings-page" aria-labelledby="settings-title">
      <header className="page-header">
        <h1 id="settings-title">Settings</h1>
        <p className="muted settings-page__lead">
          Kept in this browser. Keys go only to the service named here.
        </p>
      </header>
      <form className="settings-form" onSubmit={save} noValidate aria-labelledby="settings-title">
        <SettingsFields form={form} budgetSetting={settings.budgetPerMinute} />
        <div className="settings-form__actions">
          <SendButton pending={saving} busy="Saving…">
            Save settings
          </SendButton>
          <output className={`settings-status settings-status--${status?.kind ?? "none"}`} aria-live="polite">
            {status?.text ?? ""}
          </output>
        </div>
      </form>
      <ClearCacheSection />
    </section>
  );
}

function invalidText(count: number): string {
  return `Nothing was saved: ${count === 1 ? "one field needs" : `${count} fields need`} a fix.`;
}

function savedText(movedService: boolean, cleared: boolean): string {
  if (!movedService) return "Saved.";
  if (!cleared) {
    return "Saved. The service address changed, but the cached data could not all be removed: use “Clear cached data” below.";
  }
  return "Saved. The service address changed, so the cached data was cleared: it belonged to the previous service.";
}
