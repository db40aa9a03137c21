// The shortcut that spares the language detector for plainly English text (language.ts): it must never say
// English where the detector would name another language, and it must take the sentences most work items are.
import { describe, expect, it } from "vitest";
import { detectLanguage, detectorLanguage, plainlyEnglish } from "./language";
import { LANGUAGE_SAMPLES } from "./languages/samples";

const ENGLISH = [
  "As a shopper, I want to save my cart so that I can finish checkout later.",
  "As an administrator, I want to see which users have not signed in for 90 days, so that I can remove their access.",
  "The export button does nothing when the report has more than 1,000 rows; it should download the CSV.",
  "Upgrade the build to Node 22 and remove the workarounds we added for the old test runner.",
  "As a visitor I'd like the opening hours on the home page because I don't want to call the shop to ask.",
];

describe("plainly English", () => {
  it("takes full English sentences without the detector", () => {
    for (const text of ENGLISH) expect(plainlyEnglish(text), text).toBe(true);
  });

  it("leaves accents, other languages written in ASCII and short titles to the detector", () => {
    expect(plainlyEnglish("As a café owner, I want to see the orders that are waiting.")).toBe(false);
    expect(plainlyEnglish("Como usuario quiero restablecer mi contrasena para poder acceder de nuevo")).toBe(false);
    expect(plainlyEnglish("Als Benutzer moechte ich das Feature Add to cart nutzen, damit ich schneller kaufe")).toBe(false);
    expect(plainlyEnglish("En tant que client je veux payer en ligne afin de gagner du temps")).toBe(false);
    expect(plainlyEnglish("Notifications")).toBe(false);
  });

  it("never disagrees with the detector on the written samples of every language", () => {
    for (const texts of Object.values(LANGUAGE_SAMPLES)) {
      for (const text of texts) expect(detectLanguage(text), text).toBe(detectorLanguage(text));
    }
    for (const text of ENGLISH) expect(detectorLanguage(text), text).toBe("en");
  });
});
