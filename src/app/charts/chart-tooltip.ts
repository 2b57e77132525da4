// The chart's crosshair tooltip as DOM: the time, then one row per series with its colour swatch. Kept
// apart from the ChartModel, which only decides what the rows say.

export interface TooltipRow {
  colour: string;
  text: string;
}

/** Fills `tip` and places it beside the crosshair at `x`, on the side with more room. */
export function renderTooltip(tip: HTMLElement, time: string, rows: readonly TooltipRow[], x: number): void {
  const doc = tip.ownerDocument;
  const head = doc.createElement("div");
  head.className = "chart-tooltip__time";
  head.textContent = time;
  const lines = rows.map((row) => {
    const line = doc.createElement("div");
    line.className = "chart-tooltip__row";
    const swatch = doc.createElement("span");
    swatch.className = "chart-tooltip__swatch";
    swatch.style.background = row.colour;
    const text = doc.createElement("span");
    text.textContent = row.text;
    line.append(swatch, text);
    return line;
  });
  tip.replaceChildren(head, ...lines);
  tip.hidden = false;
  const width = tip.parentElement?.clientWidth ?? 0;
  const left = width > 0 && x > width / 2 ? x - tip.offsetWidth - 12 : x + 12;
  tip.style.left = `${Math.max(0, left)}px`;
  tip.style.top = "8px";
}
