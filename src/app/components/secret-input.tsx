// A secret's input, hidden as a password, with a button that shows it so a person can check what they typed.
import { type Ref, useState } from "react";
import "./secret-input.css";

export function SecretInput({
  id,
  what,
  value,
  onChange,
  inputRef,
  describedBy,
  invalid = false,
  autoComplete = "off",
}: {
  id: string;
  /** What the secret is, for the toggle's name: "Show the write key". */
  what: string;
  value: string;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  describedBy?: string | undefined;
  invalid?: boolean;
  autoComplete?: string;
}) {
  const [shown, setShown] = useState(false);
  return (
    <div className="secret-input">
      <input
        id={id}
        ref={inputRef}
        type={shown ? "text" : "password"}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoComplete={autoComplete}
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
      />
      <button
        type="button"
        className="button secret-input__toggle"
        aria-controls={id}
        aria-label={`${shown ? "Hide" : "Show"} ${what}`}
        onClick={() => setShown((now) => !now)}
      >
        {shown ? "Hide" : "Show"}
      </button>
    </div>
  );
}
