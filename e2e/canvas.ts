// What e2e tests read from a drawn chart: how many colours its canvases hold (a blank canvas has one or
// two) and which one covers most of it (the background, to tell the themes apart).
import type { Locator } from "@playwright/test";

/** How many distinct colours (sampled) the canvases inside `chart` hold, and the most frequent opaque one. */
export async function canvasColours(chart: Locator): Promise<{ distinct: number; background: string }> {
  return chart.evaluate((element) => {
    const counts = new Map<string, number>();
    for (const canvas of element.querySelectorAll("canvas")) {
      const context = canvas.getContext("2d");
      if (!context || canvas.width === 0 || canvas.height === 0) continue;
      const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 0; i < data.length; i += 4 * 7) {
        if (data[i + 3] === 0) continue;
        const colour = `${data[i]},${data[i + 1]},${data[i + 2]}`;
        counts.set(colour, (counts.get(colour) ?? 0) + 1);
      }
    }
    const ranked = [...counts].sort((a, b) => b[1] - a[1]);
    return { distinct: counts.size, background: ranked[0]?.[0] ?? "" };
  });
}
