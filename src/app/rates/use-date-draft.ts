// A date input that commits without a request per keystroke: typing passes through complete values (2 →
// 0002, 20 → 0020), so a plausible changed day is committed after a pause, on Enter or on blur.
import { type ChangeEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { isPlausibleDay } from "./rate-days.ts";

/** How long typing may pause before the value counts as chosen. */
export const COMMIT_PAUSE_MS = 600;

/** What committing `draft` means: a day, null for "none" (an emptied input), or undefined: not yet a day. */
export function committable(draft: string): string | null | undefined {
  if (draft === "") return null;
  return isPlausibleDay(draft) ? draft : undefined;
}

export function useDateDraft(committed: string | null, commit: (day: string | null) => void) {
  const [draft, setDraft] = useState(committed ?? "");
  const [seen, setSeen] = useState(committed);
  if (seen !== committed) {
    // The address changed (a commit, back/forward, a link): the input shows it.
    setSeen(committed);
    setDraft(committed ?? "");
  }
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ committed, commit });
  useEffect(() => {
    latest.current = { committed, commit };
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const flush = (value: string) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const day = committable(value);
    if (day === undefined || day === latest.current.committed) return;
    latest.current.commit(day);
  };

  return {
    value: draft,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setDraft(value);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => flush(value), COMMIT_PAUSE_MS);
    },
    onBlur: () => {
      if (timer.current !== undefined) flush(draft);
    },
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key === "Enter") flush(draft);
    },
  };
}
