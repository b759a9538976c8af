import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Flag, shippedFlagEmoji, starPath } from "./flag";

const render = (...flags: Parameters<typeof Flag>[0][]) =>
  renderToStaticMarkup(
    createElement(Fragment, null, ...flags.map((props) => createElement(Flag, props))),
  );

describe("Flag", () => {
  it("draws the three shipped flags as labelled SVGs, without the emoji", () => {
    for (const emoji of Object.values(shippedFlagEmoji)) {
      const html = render({ emoji, label: "Flag for X" });
      expect(html).toMatch(/^<svg role="img" aria-label="Flag for X"/);
      expect(html).not.toContain(emoji);
    }
  });

  it("is hidden from assistive technology without a label", () => {
    expect(render({ emoji: shippedFlagEmoji.de })).toMatch(/^<svg aria-hidden="true"/);
    expect(render({ emoji: "🇫🇷" })).toBe('<span aria-hidden="true">🇫🇷</span>');
  });

  it("shows any other stored emoji as text", () => {
    expect(render({ emoji: "🇫🇷", label: "Flag for Français" })).toBe(
      '<span role="img" aria-label="Flag for Français">🇫🇷</span>',
    );
  });

  it("gives each Union Jack on a page its own clip path", () => {
    const html = render({ emoji: shippedFlagEmoji.en }, { emoji: shippedFlagEmoji.en });
    const ids = [...html.matchAll(/<clipPath id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) {
      expect(id).toMatch(/^[\w-]+$/);
      expect(html).toContain(`clip-path="url(#${id})"`);
    }
  });
});

describe("starPath", () => {
  it("has five outer points at the radius and five inner ones", () => {
    const points = starPath(10, 10, 2)
      .slice(1, -1)
      .split("L")
      .map((point) => point.split(" ").map(Number) as [number, number]);
    expect(points).toHaveLength(10);
    const distances = points.map(([x, y]) => Math.hypot(x - 10, y - 10));
    expect(
      distances.filter((_, index) => index % 2 === 0).every((d) => Math.abs(d - 2) < 0.01),
    ).toBe(true);
    expect(distances.filter((_, index) => index % 2 === 1).every((d) => d < 1)).toBe(true);
    // The first point is the top one.
    expect(points[0]).toEqual([10, 8]);
  });
});
