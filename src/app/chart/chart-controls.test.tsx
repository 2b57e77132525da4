// @vitest-environment jsdom
// The chart page's controls as a person meets them: the view choice, and the filter disabled in the candle
// view with its reason beside it.
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ChartControls, FILTER_NOT_FOR_CANDLES } from "./chart-controls.tsx";
import { readChartState } from "./chart-params.ts";

afterEach(cleanup);

function show(search: string) {
  const onChange = vi.fn();
  render(
    <ChartControls
      state={readChartState(new URLSearchParams(search))}
      exchanges={["Binance", "Kraken"]}
      onChange={onChange}
    />,
  );
  return onChange;
}

describe("ChartControls", () => {
  it("offers Candles and Line, candles pressed by default, and picks one", async () => {
    const onChange = show("");
    expect(screen.getByRole("button", { name: "View Candles" })).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(screen.getByRole("button", { name: "View Line" }));
    expect(onChange).toHaveBeenCalledWith({ view: "line" });
  });

  it("disables the filter in the candle view and says why", () => {
    show("view=candles");
    const filter = screen.getByRole("group", { name: "Filter" });
    expect(filter).toBeDisabled();
    expect(filter).toHaveAccessibleDescription(FILTER_NOT_FOR_CANDLES);
    expect(screen.getByText(FILTER_NOT_FOR_CANDLES)).toBeVisible();
    expect(screen.getByRole("button", { name: "Filter MAIR120" })).toBeDisabled();
  });

  it("keeps the filter usable in the line view, as an older address with a filter opens", async () => {
    const onChange = show("filter=MAIR120");
    expect(screen.getByRole("button", { name: "View Line" })).toHaveAttribute("aria-pressed", "true");
    const filter = screen.getByRole("group", { name: "Filter" });
    expect(filter).toBeEnabled();
    expect(screen.queryByText(FILTER_NOT_FOR_CANDLES)).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Filter MEDIR120" }));
    expect(onChange).toHaveBeenCalledWith({ filter: "MEDIR120" });
  });
});
