import { firstPaintTaps, tapAtFirstPaint } from "../../scripts/first-paint-taps";
import { expect, test } from "./fixtures";

// On a mid-range phone over a mobile network, a page shows a second or more before React has
// hydrated it. A tap made as soon as it shows must work all the same (app/widgets/): here
// React's modules are held back until the tap has taken effect. bench/first-paint.ts times the
// same taps on a real load.
for (const tap of firstPaintTaps) {
  test.describe(() => {
    test.use(tap.screen);

    test(`${tap.widget}: a tap at first paint takes effect before hydration`, async ({ page }) => {
      const result = await tapAtFirstPaint(page, tap, { beforeHydration: true });
      expect(result.hydratedAtTap, "React had already hydrated the page when it was tapped").toBe(
        false,
      );
      expect(result.tapToEffectMs).toBeGreaterThanOrEqual(0);
    });
  });
}
