// @vitest-environment jsdom
// What a view shows from a query: its data, or the copy it was given (a deferred one) even while that copy
// is still undefined, so the first data's large view is built in the deferred render, not the urgent one.
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { QueryStates } from "./query-status.tsx";

afterEach(cleanup);

const answered = { data: ["BTC", "ETH"], error: null, isError: false, refetch: async () => undefined };
const describeFailure = () => ({ title: "Refused", detail: "" });

function states(data?: { given: string[] | undefined }) {
  return render(
    <QueryStates
      query={answered}
      {...(data ? { data: data.given } : {})}
      describe={describeFailure}
      pending={<p>Loading the coins</p>}
    >
      {(coins) => (
        <ul aria-label="Coins">
          {coins.map((coin) => (
            <li key={coin}>{coin}</li>
          ))}
        </ul>
      )}
    </QueryStates>,
  );
}

describe("QueryStates", () => {
  it("shows the query's data when it is given no copy of its own", () => {
    states();
    expect(screen.getByRole("list", { name: "Coins" })).toHaveTextContent("BTCETH");
  });

  it("shows the copy it is given, still pending while that copy is undefined", () => {
    states({ given: undefined });
    expect(screen.queryByRole("list", { name: "Coins" })).toBeNull();
    expect(screen.getByText("Loading the coins")).toBeInTheDocument();
  });

  it("shows the copy, not the query's newer data", () => {
    states({ given: ["BTC"] });
    expect(screen.getByRole("list", { name: "Coins" })).toHaveTextContent(/^BTC$/);
  });
});
