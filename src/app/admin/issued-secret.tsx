// A key just issued: its secret, shown this once (the service keeps only its hash), with a copy button.
// It lives in this component's state alone: not in the query cache, storage or the address, so leaving or
// reloading the page, or "I have stored it", makes it gone for good.
import { useEffect, useRef, useState } from "react";
import type { IssuedKey } from "../../interface/admin.ts";

export function IssuedSecret({ issued, onDone }: { issued: IssuedKey; onDone: () => void }) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(issued.secret);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  };

  return (
    <section className="admin-secret" aria-labelledby="admin-secret-title">
      <h3 id="admin-secret-title" className="admin-subtitle" ref={heading} tabIndex={-1}>
        Key issued to {issued.key.name}
      </h3>
      <p className="admin-secret__warning">Store it now: it will not be shown again.</p>
      <div className="admin-secret__value">
        <label htmlFor="admin-secret" className="visually-hidden">
          The secret of {issued.key.name}
        </label>
        <input id="admin-secret" readOnly value={issued.secret} onFocus={(event) => event.target.select()} />
        <button type="button" className="button" onClick={() => void copy()}>
          Copy the secret
        </button>
      </div>
      <p className="muted" aria-live="polite">
        {copied === "yes"
          ? "Copied to the clipboard."
          : copied === "failed"
            ? "The browser did not allow copying: select the secret and copy it by hand."
            : `Fingerprint ${issued.key.fingerprint}: how the key is named in usage and logs.`}
      </p>
      <button type="button" className="button" onClick={onDone}>
        I have stored it
      </button>
    </section>
  );
}
