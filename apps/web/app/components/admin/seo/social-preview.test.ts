import { describe, expect, it } from "vitest";
import { descriptionHint, socialLimits, titleHint, truncateText } from "./social-preview";

describe("social previews (spec section 9)", () => {
  it("cut titles at 95 (Facebook) and 70 (Twitter), descriptions at 300 and 200", () => {
    expect(socialLimits).toEqual({
      facebook: { title: 95, description: 300 },
      twitter: { title: 70, description: 200 },
    });
    expect(truncateText("a".repeat(70), 70)).toBe("a".repeat(70));
    const cut = truncateText("a".repeat(71), 70);
    expect(cut).toHaveLength(70);
    expect(cut.endsWith("...")).toBe(true);
  });

  it("hints at short and long titles and descriptions", () => {
    expect(titleHint("a".repeat(29))).toMatch(/short/);
    expect(titleHint("a".repeat(30))).toBeNull();
    expect(titleHint("a".repeat(61))).toMatch(/long/);
    expect(descriptionHint("a".repeat(119))).toMatch(/short/);
    expect(descriptionHint("a".repeat(160))).toBeNull();
    expect(descriptionHint("a".repeat(161))).toMatch(/long/);
  });
});
