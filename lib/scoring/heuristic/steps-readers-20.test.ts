// The twentieth pass's steps readings, read across every read set (helper branch `h-sr3`): sentences written for these
// tests (none copied from a report). Each reading fires on the forms its rule names and stays silent on the ones that
// look alike.
import { describe, expect, it } from "vitest";
import { scoreTicket } from "./engine";

/** The severity of `bug.no_steps` a report gets, scored as a Bug, or null when it does not fire. */
const stepsFinding = (summary: string, description: string) =>
  scoreTicket({ summary, description, issue_type: "Bug" }).findings.find((f) => f.code === "bug.no_steps")?.severity ?? null;

describe("twentieth pass, steps across writers: two actions joined by \"and\" as the subject of what the program does", () => {
  it("reads two gerunds joined in the subject, after a scene in brackets or over the dots of a name, as steps", () => {
    expect(stepsFinding("Search box sends hosts away", "Entering `intranet.` (with the final dot) into the search box and pressing Return sends it to the web search.")).toBe(null);
    expect(stepsFinding("Pinning fails", "On KDE (Plasma 5, X11) moving a note from the sidebar and dropping it on the board does nothing, the note stays put.")).toBe(null);
    expect(stepsFinding("Slow filter", "Selecting a folder and scrolling the message list takes three seconds per row.")).toBe(null);
  });

  it("reads a key with its modifiers and the action typed after it as steps", () => {
    expect(stepsFinding("Find misses notes", "alt+f and typing a name that is only in a note says \"Nothing found\".")).toBe(null);
    expect(stepsFinding("Slow history", "The bookmark search (Ctrl+B and type a letter) takes four seconds per key.")).toBe(null);
    // (the same two actions, told as what brings the failure about and not as a mend)
    expect(stepsFinding("Popup blank", "The popup opens empty the first time. Closing the empty popup window with its close button and pressing the button again shows the popup.")).toBe(null);
  });

  it("does not read one gerund, two names, a mend, a second act with no object, or keys tried after the failure", () => {
    // one action, the trigger
    expect(stepsFinding("Pinning fails", "Dropping a note on the board does nothing, the note stays put.")).not.toBe(null);
    // the two actions make it work: a workaround, not the way to the failure
    expect(stepsFinding("Popup blank", "The popup opens empty the first time. Closing the empty popup window with its close button and pressing the button again shows the popup correctly.")).not.toBe(null);
    // two keys and no action typed
    expect(stepsFinding("Shortcuts dead", "Alt+C and Alt+V do nothing when the Greek layout is active.")).not.toBe(null);
    // the keys after "after": what was tried
    expect(stepsFinding("Old logo", "the header still shows the old logo even after ctrl+r and emptying the cache.")).not.toBe(null);
    // a second gerund with no object and nothing done after it
    expect(stepsFinding("Export slow", "Export of the ledger is slow. Compressing and uploading are both slow on the server.")).not.toBe(null);
    // a gerund of what the program does, not an act of the reporter's
    expect(stepsFinding("Flicker", "Showing the toolbar and hiding the sidebar flickers on every page the server renders.")).not.toBe(null);
  });
});

describe("twentieth pass, steps across writers: a later moment that comes back to the program after an action told", () => {
  it("reads an action, then a restart named as a noun, a condition told with \"again\", or \"the next time\", as steps", () => {
    expect(stepsFinding("Sounds come back", "I switch off the alert sounds in the options. After restart they are on again.")).toBe(null);
    expect(stepsFinding("Still running", "the reader stays in the process list after I close its window. When I start the reader again it says \"already running\".")).toBe(null);
    expect(stepsFinding("Login not kept", "I tick Remember me, but the next time I open the login page the box is empty.")).toBe(null);
  });

  it("does not read the moment alone, a try again, a version changed, two alternatives, or a restart that mends it", () => {
    // the later moment with no action before it
    expect(stepsFinding("Tabs lost", "After restart the open tabs are gone.")).not.toBe(null);
    expect(stepsFinding("Tabs lost", "When I open the reader again the open tabs are gone.")).not.toBe(null);
    // the same action tried again
    expect(stepsFinding("Crash on open", "When I open a report it crashes. When I try again it crashes again.")).not.toBe(null);
    // an update is the version, a setting (DECIDED), not a first step
    expect(stepsFinding("Crash on tab", "After updating to 4.2 the reader crashes when I open a new tab.")).not.toBe(null);
    // two triggers told one after the other, neither coming back
    expect(stepsFinding("Hangs", "When I open a report it hangs. When I print it hangs too.")).not.toBe(null);
    // a restart of another program, and one that makes it work
    expect(stepsFinding("Crash", "The reader crashes after a restart of the print service.")).not.toBe(null);
    expect(stepsFinding("Sounds stuck", "I switch off the alert sounds in the options but they keep playing. After restart it works.")).not.toBe(null);
    // the same act done again, and a restart told at the end as what was tried
    expect(stepsFinding("Icon dead", "When I click the tray icon nothing opens. When I click it again nothing opens either.")).not.toBe(null);
    expect(stepsFinding("Prefs ignored", "I edited settings.ini: nothing changed after a restart.")).not.toBe(null);
  });
});

describe("twentieth pass, steps across writers: a context menu opened by a right click, its item chosen, with no thing or one after \"in\"", () => {
  it("reads the click and the item as two actions wherever the click is done", () => {
    expect(stepsFinding("Wrong engine", "I picked another engine in the search bar but right click > Search Acme for the selection still uses Acme.")).toBe(null);
    expect(stepsFinding("Suggestion too short", "The suggested password (right click in the password field > Suggest Password) is too short for the site.")).toBe(null);
    expect(stepsFinding("Paste blocked", "in the online editor right click > paste says I need the keyboard shortcut.")).toBe(null);
  });

  it("does not read a menu path with no click, a click with no item, a lower-case word that is no act, or a click the reporter can or has to use", () => {
    expect(stepsFinding("Dead link", "Help > About Reader opens a page that is not found.")).not.toBe(null);
    expect(stepsFinding("Menu too long", "The right click menu on a page has twenty items, most of them useless.")).not.toBe(null);
    expect(stepsFinding("Menu wrong", "right click > something is off with the menu in the reader.")).not.toBe(null);
    expect(stepsFinding("Hide the button", "Please add a setting to hide the Reader button. I know I can right-click > Remove from Toolbar but I want it gone for all profiles.")).not.toBe(null);
    expect(stepsFinding("Open in container", "Please add an option for folders. Currently I have to right-click > Open in Container every time.")).not.toBe(null);
  });
});
