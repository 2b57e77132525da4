// The console's door: the admin key, checked with GET /admin/health before it is kept (in this tab's
// session storage only). A refused key says so and stays in the field, so a typo can be mended.
import { type FormEvent, useEffect, useRef, useState } from "react";
import { FailureBox } from "../components/failure-box.tsx";
import { SecretInput } from "../components/secret-input.tsx";
import { saveAdminKey } from "../store/admin-key.ts";
import { useConnection } from "../transport/connection-context.tsx";
import { AdminClient, AdminRequestError } from "./admin-client.ts";
import { describeAdminFailure } from "./admin-failure.ts";
import { getHealth } from "./queries/health.ts";

export function AdminKeyGate({ note }: { note: string | null }) {
  const { baseUrl } = useConnection();
  const [key, setKey] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ title: string; detail: string } | null>(null);
  const [checking, setChecking] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const focusField = useRef(false);

  // Focus moves once the error is on screen, so a screen reader reads it with the field.
  useEffect(() => {
    if (!focusField.current) return;
    focusField.current = false;
    input.current?.focus();
  });

  const refuse = (message: string) => {
    focusField.current = true;
    setFieldError(message);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (checking) return;
    setFailure(null);
    const typed = key.trim();
    if (typed === "") return refuse("Enter the admin key.");
    setFieldError(null);
    setChecking(true);
    try {
      await getHealth(new AdminClient(baseUrl, typed));
      saveAdminKey(typed);
    } catch (error) {
      if (error instanceof AdminRequestError && error.status === 401) {
        refuse("The service refused this admin key: check it and try again.");
      } else if (error instanceof AdminRequestError && error.status === 404) {
        setFailure({
          title: "No admin API here",
          detail: `The service at ${baseUrl || "this site"} has no operator's API (/admin).`,
        });
      } else {
        setFailure(describeAdminFailure(error));
      }
    } finally {
      setChecking(false);
    }
  };

  return (
    <section className="page admin-page" aria-labelledby="admin-title">
      <header className="page-header admin-page__header">
        <h1 id="admin-title">Admin console</h1>
        <p className="muted admin-page__lead">
          Review who uses the service and limit or cut off those who overuse it. It needs the service's admin
          key.
        </p>
      </header>
      <form className="card admin-gate" onSubmit={submit} noValidate aria-labelledby="admin-gate-title">
        <h2 id="admin-gate-title">Sign in as the operator</h2>
        {note ? (
          <p className="failure-notice" role="alert">
            {note}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor="admin-key">Admin key</label>
          <SecretInput
            id="admin-key"
            what="the admin key"
            inputRef={input}
            value={key}
            onChange={(value) => {
              setKey(value);
              setFieldError(null);
            }}
            invalid={fieldError !== null}
            describedBy={[fieldError ? "admin-key-error" : "", "admin-key-hint"].filter(Boolean).join(" ")}
          />
          {fieldError ? (
            <p id="admin-key-error" className="field__error">
              {fieldError}
            </p>
          ) : null}
          <p id="admin-key-hint" className="field__hint">
            Printed by the service when it first started (or set in ADMIN_KEYS). Kept only in this browser tab
            and forgotten when it closes.
          </p>
        </div>
        {failure ? <FailureBox failure={failure} /> : null}
        <div>
          <button type="submit" className="button button--primary" aria-disabled={checking || undefined}>
            {checking ? "Checking…" : "Open the console"}
          </button>
        </div>
      </form>
    </section>
  );
}
