// Twenty-second pass, the twenty-second band author's written-out reports and pairs (a helper, branch `h-bands8`):
// gerunds joined as the subject of what the program does, after a scene closed by a comma; a person of the service, named
// by their role, told doing two acts or more outside a condition. The texts are written for these tests, in other domains
// than the tickets they were read from.
import { describe, expect, it } from "vitest";
import { stepsIn } from "./bug-readers";

const steps = (text: string) => stepsIn(text).at !== null;

describe("twenty-second pass: gerunds joined as the subject after a scene closed by a comma", () => {
  it("reads two gerunds of acting after a scene with a version, however long the first one's object", () => {
    expect(steps("On the library kiosk 3.1 in the main branch, scanning a card with a chipped barcode, a torn sleeve or a faded stamp and pressing Renew shows \"Card unknown\".")).toBe(true);
  });

  it("reads them after a scene with a bracket that holds a comma", () => {
    expect(steps("In the ferry app (build 7.2, Android 14), choosing a return sailing on a different day and adding a vehicle longer than 6 m shows the single fare.")).toBe(true);
  });

  it("leaves one gerund after a scene: the trigger", () => {
    const read = stepsIn("On the library kiosk, scanning a card with a chipped barcode shows \"Card unknown\" for every member.");
    expect(read.at).toBeNull();
    expect(read.trigger).toBeTruthy();
  });

  it("leaves one long gerund subject after a scene: the trigger", () => {
    const read = stepsIn("On the library kiosk 3.1 in the main branch, scanning a card with a chipped barcode, a torn sleeve or a faded stamp shows \"Card unknown\".");
    expect(read.at).toBeNull();
    expect(read.trigger).toBeTruthy();
  });

  it("leaves gerunds after a scene that are said to work", () => {
    expect(steps("With the old kiosk firmware, scanning a card and pressing Renew works fine.")).toBe(false);
  });
});

describe("twenty-second pass: a person of the service told doing two acts or more", () => {
  it("reads a role's acts joined in the present", () => {
    expect(steps("The cashier scans the voucher, types the amount, presses Redeem and gets \"Done\", but the balance on the card never changes.")).toBe(true);
  });

  it("reads a role's acts told in the past, over a clock's colon", () => {
    expect(steps("On Monday the morning courier scanned parcel 4411 at 09:10, marked it as delivered, and the customer was sent two delivery notices.")).toBe(true);
  });

  it("leaves one act told in each of two sentences", () => {
    expect(steps("The courier scanned parcel 4411 at the depot. The courier scanned it again at the door.")).toBe(false);
  });

  it("leaves one act of a person of the service", () => {
    expect(steps("The cashier scans the voucher and the till freezes.")).toBe(false);
  });

  it("leaves what a person of the service meets or tells", () => {
    expect(steps("The nurse calls the ward, tells the doctor and gets no answer.")).toBe(false);
  });

  it("leaves a program's part named like a role", () => {
    expect(steps("The PDF viewer opens the file, renders the first page and crashes.")).toBe(false);
  });
});
