// @vitest-environment jsdom
// What every form leans on: the first bad field in form order takes the focus with its problem already
// describing it, typing clears only that field's problem, and a refusal keeps what was typed.
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SecretInput } from "./secret-input.tsx";
import { type FieldErrors, type FormFailure, useFormDraft } from "./use-form-draft.tsx";

afterEach(cleanup);

const FIELDS = ["city", "street"] as const;
type Field = (typeof FIELDS)[number];

function AddressForm({
  send,
}: {
  send: (city: string, refuse: (refusal: FormFailure<Field>) => void) => void;
}) {
  const form = useFormDraft({ id: "address", fields: FIELDS, initial: { city: "", street: "" } });
  const submit = form.submit(
    false,
    (draft) => {
      const errors: FieldErrors<Field> = {};
      if (draft.city === "") errors.city = "Enter the city.";
      if (draft.street === "") errors.street = "Enter the street.";
      return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, city: draft.city };
    },
    ({ city }) => send(city, form.refuse),
  );
  return (
    <form onSubmit={submit} noValidate>
      {FIELDS.map((field) => (
        <div key={field}>
          <label htmlFor={`address-${field}`}>{field}</label>
          <input {...form.input(field)} />
          {form.error(field)}
        </div>
      ))}
      {form.failure ? <p role="alert">{form.failure.title}</p> : null}
      <button type="submit">Send</button>
    </form>
  );
}

function KeyForm() {
  const form = useFormDraft({ id: "gate", fields: ["key"], initial: { key: "" } });
  const submit = form.submit(
    false,
    (draft) => (draft.key === "" ? { ok: false, errors: { key: "Enter the key." } } : { ok: true }),
    () => {},
  );
  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor="gate-key">key</label>
      <SecretInput {...form.secret("key", "gate-key-hint")} what="the key" />
      {form.error("key")}
      <p id="gate-key-hint">Given by the operator.</p>
      <button type="submit">Send</button>
    </form>
  );
}

describe("useFormDraft", () => {
  it("focuses the first bad field in form order, described by its problem, and clears only what is typed in", async () => {
    const user = userEvent.setup();
    const send = vi.fn();
    render(<AddressForm send={send} />);
    await user.click(screen.getByRole("button", { name: "Send" }));
    const city = screen.getByLabelText("city");
    const street = screen.getByLabelText("street");
    expect(city).toHaveFocus();
    expect(city).toBeInvalid();
    expect(city).toHaveAccessibleDescription("Enter the city.");
    expect(street).toHaveAccessibleDescription("Enter the street.");
    await user.type(city, "Ghent");
    expect(city).not.toBeInvalid();
    expect(street).toBeInvalid();
    expect(send).not.toHaveBeenCalled();
  });

  it("puts a refusal on the field it names, focused, and keeps what was typed", async () => {
    const user = userEvent.setup();
    render(
      <AddressForm
        send={(_city, refuse) => refuse({ place: "field", field: "street", message: "No such street." })}
      />,
    );
    await user.type(screen.getByLabelText("city"), "Ghent");
    await user.type(screen.getByLabelText("street"), "Nowhere 1");
    await user.click(screen.getByRole("button", { name: "Send" }));
    const street = screen.getByLabelText("street");
    expect(street).toHaveFocus();
    expect(street).toHaveAccessibleDescription("No such street.");
    expect(street).toHaveValue("Nowhere 1");
    expect(screen.getByLabelText("city")).toHaveValue("Ghent");
  });

  it("wires a secret's input as it wires any other: focused, described by its problem then its hint", async () => {
    const user = userEvent.setup();
    render(<KeyForm />);
    await user.click(screen.getByRole("button", { name: "Send" }));
    const key = screen.getByLabelText("key");
    expect(key).toHaveFocus();
    expect(key).toBeInvalid();
    expect(key).toHaveAccessibleDescription("Enter the key. Given by the operator.");
    await user.type(key, "k-1");
    expect(key).toHaveValue("k-1");
    expect(key).not.toBeInvalid();
    expect(key).toHaveAccessibleDescription("Given by the operator.");
  });
});
