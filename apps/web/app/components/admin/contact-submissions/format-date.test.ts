import { describe, expect, it } from "vitest";
import { formatSubmissionDate } from "./format-date";

describe("formatSubmissionDate", () => {
  it('writes "MMM dd, yyyy HH:mm" in local time', () => {
    expect(formatSubmissionDate(new Date(2026, 0, 5, 9, 7))).toBe("Jan 05, 2026 09:07");
    expect(formatSubmissionDate(new Date(2025, 11, 31, 23, 59))).toBe("Dec 31, 2025 23:59");
  });

  it("keeps an unreadable value as it is", () => {
    expect(formatSubmissionDate("not a date")).toBe("not a date");
  });
});
