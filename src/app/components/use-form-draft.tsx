// A form's plumbing, once: the draft of what was typed, each field's problem under it (tied to the field by
// aria-invalid and aria-describedby), the first bad field focused, and a refusal placed by the field it names.
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** What a check made of the draft: the fields' problems, or (ok) what the form sends, `T`. */
export type DraftCheck<F extends string, T = unknown> =
  | ({ ok: true } & T)
  | { ok: false; errors: FieldErrors<F> };

/** Where a refusal belongs: next to the field it is about, or above the send button when it is about none. */
export type FormFailure<F extends string> =
  | { place: "field"; field: F; message: string }
  | { place: "form"; title: string; detail: string };

/** What useFormDraft gives, for a component that draws some of the form's fields. */
export type FormDraft<D extends Record<F, string>, F extends string> = ReturnType<typeof useFormDraft<D, F>>;

export function useFormDraft<D extends Record<F, string>, F extends string>({
  id,
  fields,
  initial,
  focus = null,
}: {
  /** What the ids start with: `${id}-${field}` for an input, `${id}-${field}-error` for its problem. */
  id: string;
  /** The fields in the order they appear, so the first bad one takes the focus. */
  fields: readonly F[];
  initial: D | (() => D);
  /** The field that takes the focus when the form opens. */
  focus?: F | null;
}) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [failure, setFailure] = useState<{ title: string; detail: string } | null>(null);
  const inputs = useRef<Partial<Record<F, HTMLElement | null>>>({});
  const focusAfterRender = useRef<F | null>(focus);

  // Focus moves once the problem is on screen, so a screen reader reads it with the field.
  useEffect(() => {
    const field = focusAfterRender.current;
    if (field === null) return;
    focusAfterRender.current = null;
    inputs.current[field]?.focus();
  });

  const showErrors = (next: FieldErrors<F>) => {
    focusAfterRender.current = fields.find((field) => next[field] !== undefined) ?? null;
    setErrors(next);
  };

  const change = (field: F, value: string) => {
    setDraft((now) => ({ ...now, [field]: value }));
    if (errors[field] !== undefined) setErrors(({ [field]: _, ...rest }) => rest as FieldErrors<F>);
  };

  /** The ids describing a field: its problem when it has one, then its hint. */
  const described = (field: F, hint?: string): string | undefined =>
    [errors[field] ? `${id}-${field}-error` : "", hint ?? ""].filter(Boolean).join(" ") || undefined;

  const refOf = (field: F) => (element: HTMLElement | null) => {
    inputs.current[field] = element;
  };

  return {
    id,
    draft,
    setDraft,
    errors,
    /** The refusal that is about no one field, for the box above the send button. */
    failure,
    change,
    described,
    refOf,
    focus: (field: F) => inputs.current[field]?.focus(),

    /** What an <input> or <select> of `field` takes: its id, value, ref and what describes it. */
    input: (field: F, hint?: string) => ({
      id: `${id}-${field}`,
      ref: refOf(field),
      value: draft[field],
      onChange: (event: { target: { value: string } }) => change(field, event.target.value),
      "aria-invalid": errors[field] ? true : undefined,
      "aria-describedby": described(field, hint),
    }),

    /** The same wiring in the props of a <SecretInput> of `field`. */
    secret: (field: F, hint?: string) => ({
      id: `${id}-${field}`,
      inputRef: refOf(field),
      value: draft[field],
      onChange: (value: string) => change(field, value),
      invalid: errors[field] !== undefined,
      describedBy: described(field, hint),
    }),

    /** The field's problem (and `after` it, e.g. a way to fix it), or nothing. */
    error: (field: F, after?: ReactNode): ReactNode =>
      errors[field] ? (
        <p id={`${id}-${field}-error`} className="field__error">
          {errors[field]}
          {after ? <> {after}</> : null}
        </p>
      ) : null,

    /**
     * The submit handler: nothing while `pending` (a second press must not send twice); otherwise the
     * draft is checked, and either each problem shows (the first bad field focused) or `send` gets what
     * the check made of it.
     */
    submit:
      <C extends DraftCheck<F>>(
        pending: boolean,
        check: (draft: D) => C,
        send: (checked: Extract<C, { ok: true }>) => void,
      ) =>
      (event: FormEvent) => {
        event.preventDefault();
        if (pending) return;
        setFailure(null);
        const checked: DraftCheck<F> = check(draft);
        if (!checked.ok) return showErrors(checked.errors);
        showErrors({});
        send(checked as Extract<C, { ok: true }>);
      },

    /** The service's refusal, next to its field or above the send button; the draft stays as typed. */
    refuse: (refusal: FormFailure<F>) => {
      if (refusal.place === "field") showErrors({ [refusal.field]: refusal.message } as FieldErrors<F>);
      else setFailure({ title: refusal.title, detail: refusal.detail });
    },
  };
}

/** A field of `form`: its label, the control, its problem, and its hint (`${id}-${field}-hint`). */
export function FormField<F extends string>({
  form,
  field,
  label,
  hint,
  children,
}: {
  form: { id: string; error: (field: F) => ReactNode };
  field: F;
  label: ReactNode;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={`${form.id}-${field}`}>{label}</label>
      {children}
      {form.error(field)}
      {hint === undefined ? null : (
        <p id={`${form.id}-${field}-hint`} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
