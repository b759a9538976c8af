import { describe, expect, it } from "vitest";
import { chooseEncoding } from "./content-encoding";

describe("chooseEncoding", () => {
  it.each([
    [null, "identity"],
    ["", "identity"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["GZIP", "gzip"],
    ["br;q=0.5, gzip", "gzip"],
    ["gzip;q=0.5, identity", "identity"],
    ["deflate", "identity"],
    ["*", "br"],
    ["br;q=0, *", "gzip"],
    ["identity;q=0, deflate", "identity"],
    ["gzip;q=0, br;q=0", "identity"],
  ])("Accept-Encoding %j gets %s", (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
    // Asked again, the remembered choice is the same.
    expect(chooseEncoding(header)).toBe(expected);
  });

  it("stays right past the number of header values it remembers", () => {
    for (let index = 0; index < 200; index++) {
      expect(chooseEncoding(`gzip, x-${index}`)).toBe("gzip");
      expect(chooseEncoding(`br;q=0, gzip;q=0, x-${index}`)).toBe("identity");
    }
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
  });
});
