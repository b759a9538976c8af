/**
 * What is kept of a picture sent as a data URL: the store's answer, unless that answer (the
 * re-encoded picture inline, when the storage refused the file) is longer than the wire allows;
 * then the data URL as it came, which passed the limit.
 */
import { maxImageUrlLength } from "@heritage/auth-protocol";
import { describe, expect, it } from "vitest";
import { keepProfileImage, type ProfileImageStore } from "./profile-image-store";

const sent = "data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==";

function storeAnswering(url: string): ProfileImageStore {
  return { save: async () => url };
}

describe("keepProfileImage", () => {
  it("keeps the store's URL, or its inline picture within the wire's limit", async () => {
    const file = "https://files.example.org/user-profile-images/1.gif";
    expect(await keepProfileImage(storeAnswering(file), "user-profile-images", sent)).toBe(file);
    const inline = `data:image/gif;base64,${"A".repeat(1000)}`;
    expect(await keepProfileImage(storeAnswering(inline), "user-profile-images", sent)).toBe(
      inline,
    );
  });

  it("keeps the picture as it came when the inline answer is past the limit", async () => {
    const tooLong = `data:image/png;base64,${"A".repeat(maxImageUrlLength)}`;
    expect(await keepProfileImage(storeAnswering(tooLong), "team-profile-images", sent)).toBe(sent);
  });
});
