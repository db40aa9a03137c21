// The bug readers on sentences written for these tests: each must fire on the forms its part takes and stay
// silent on the ones that look alike (lib/scoring/README.md, "Bug reports in the words people write").
import { describe, expect, it } from "vitest";
import { addsNothing, expectedIn, impactIn, observedIn, stepsIn, titleAsksFor, withoutLabels, withoutSessions } from "./bug-readers";
import { scoreTicket } from "./engine";

const reads = (found: { start: number; end: number }[]) => found.length > 0;
/** The codes a report gets, scored as a Bug. */
const codesOf = (summary: string, description: string) => scoreTicket({ summary, description, issue_type: "Bug" }).findings.map((f) => f.code);
/** The kinds of what should happen read in a text (`expectedIn`), in order. */
const kindsOf = (text: string) => expectedIn(text).map((r) => r.kind);

describe("what happens (observed)", () => {
  it("reads a failure, an absence, a wrong value, an error and an unexpected state", () => {
    for (const text of [
      "Tapping Pay does nothing.",
      "The reset email never arrives.",
      "The badge still shows 4 after every message is read.",
      "The receipt shows 21% instead of 23%.",
      "The upload fails with 'TypeError: file.size is undefined'.",
      "    at com.shop.cart.Totals.sum(Totals.java:88)",
      "The list is empty after the filter is cleared.",
      "Saving takes about 40 seconds on a 2 MB file.",
      "The customer is redirected to the login page again.",
      "Each click on Save creates a duplicate invoice.",
      "The dialog doesn’t close.",
      "The dialog doesn t close.",
      "I get a blank page.",
      "Requests to /app/reports come back with a 502.",
      "The proxy returns 404 for every path under /static.",
    ]) expect(reads(observedIn(text)), text).toBe(true);
  });

  it("reads what a server or a crash reporter writes: a log level, a message number, a crash signature, an exit", () => {
    for (const text of [
      "[Mon Jun 03 09:12:44.120811 2024] [proxy:error] [pid 2211] [client 10.1.2.3:51000] AH00957: connect to backend failed",
      "The error log fills with [error] [client 10.0.0.7] lines for every request under /cgi-bin.",
      "AH01630: client denied by server configuration: /srv/www/private",
      "[notice] child pid 4711 exit signal Segmentation fault (11)",
      "The tab dies in [@ gfx::DrawTarget::Flush] when the canvas is resized.",
      "make stops with an undefined reference to apr_pool_cleanup_kill.",
      "When requesting http://www.example.org:80/a no redirect happens.",
      // An error named in the program's own short form, a misspelt text: what the program does.
      "NullPointer in OrderService.total when the cart is empty.",
      "The demo's step is named with a typo: 'Recieve order'.",
      "Load the attached page: the two floated boxes overlap.",
    ]) expect(observedIn(text).some((r) => !r.generic), text).toBe(true);
    // A log level named in a sentence about logging is no line the program wrote.
    expect(observedIn("Raise LogLevel from warn to debug for more detail about each error.").filter((r) => !r.generic)).toEqual([]);
  });

  it("does not read an expectation, a request or a remark as what happens", () => {
    for (const text of ["The export should be a CSV file.", "Please add a dark mode to the settings.", "I am not sure this is the right project.",
      "Thanks for looking into it.", "I wasn t sure which component to file it under."]) {
      expect(observedIn(text).filter((r) => !r.generic), text).toEqual([]);
    }
  });

  it("does not read a question as what happens, unless it asks why a stated failure happens", () => {
    for (const text of [
      "Could the tree not be filled in a background job, so that the view opens\nsooner on a large workspace?",
      "Shouldn't this query return the posts of every contact?",
      "Is the limit reset every day, or is it kept per user?",
    ]) expect(observedIn(text).filter((r) => !r.generic), text).toEqual([]);
    for (const text of ["Why does the editor crash when I save a file with a tab in its name?", "The editor crashes on save. Is this known?",
      // A statement run together with the question after it ("in 4.1.can it ...") opens as a statement.
      "I could not find the saved searches page any more in 4.1.can it be added back?"]) {
      expect(observedIn(text).some((r) => !r.generic), text).toBe(true);
    }
  });

  it("marks a failure named without saying what is seen as generic", () => {
    expect(observedIn("It doesn't work.").every((r) => r.generic)).toBe(true);
    expect(observedIn("Search is broken").every((r) => r.generic)).toBe(true);
    expect(observedIn("The search box does nothing.").some((r) => !r.generic)).toBe(true);
    // A failure word inside a quoted message, or naming what appears, is what is seen.
    for (const text of ["'Disk Write Error' after pausing the backup", "Result: an error dialog (screenshot attached).", "Saving shows \"Upload failed\"."]) {
      expect(observedIn(text).some((r) => !r.generic), text).toBe(true);
    }
  });
});

describe("what should happen (expected)", () => {
  it("reads should, expected, instead of, a wish, a request and a case that works", () => {
    for (const text of [
      "The total should include the shipping fee.",
      "Expected in each case: the draft is kept.",
      "I'd expect the filter to stay after a reload.",
      "It would be better if the date kept the user's time zone.",
      "The label reads 'Cancel' instead of 'Close'.",
      "Works on Chrome.",
      "It worked in 2.3 before the upgrade.",
      "Could you please add a way to export the report?",
      "The same screen displays correctly on Android.",
      "It would be faster to sort once, after the filter.",
      "The preview does work for still images.",
      "Typically when you open a draft, the cursor is in the body. Not any more.",
    ]) expect(reads(expectedIn(text)), text).toBe(true);
  });

  it("does not read a person's work, a negated case or a step's observation as an expectation", () => {
    for (const text of [
      "Our tester, who works on Linux, found it.",
      "It does not work on Firefox.",
      "I was working on the monthly report when it froze.",
      "The import is not working as expected.",
      "Click Save and you should see the error.",
      "Please reply soon, thanks.",
      // What the program prints is not what the reporter expects.
      "Message: Object expected\nLine: 989",
      "ERROR: a value must be given for 'port'",
      "<div>This needs to be rewritten</div>",
      // A guess about the cause, or a request to the reader, is not what the program should do.
      "The cache must be buggy.",
      "This should be easy to fix.",
      "It should have been fixed in 3.1.",
      "If you need the full log, please let me know.",
      "It would be either the cache or the proxy.",
      // An absence is what happens, not a case that works; a choice in a step, or the reporter accepting what is seen, says nothing of what should.
      "The saved filter does not appear in the sidebar after a reload.",
      "3. Open Settings > Build and change the level\nto -O2 instead of -O0.",
      "You have to stop the server rather than restart it.",
      "The first breakpoint is skipped. This is expected.",
    ]) expect(expectedIn(text), text).toEqual([]);
  });

  it("reads what does not happen as what should when 'instead' sets what is seen in its place", () => {
    for (const text of ["The report doesn't list the tab names. Instead we see only numbers.", "The dialog does not close, instead it jumps to the first field."]) {
      expect(expectedIn(text).map((r) => text.slice(r.start, r.end)), text).toContainEqual(expect.stringMatching(/^(?:doesn't list|does not close)/));
    }
    // Without "instead" a negated action is what happens, not what should.
    expect(expectedIn("The report doesn't list the tab names. We see only numbers."), "no instead").toEqual([]);
  });

  it("reads a browser, a build or a release set beside the failing one as the case that works", () => {
    for (const text of [
      "In Safari and Chrome it works.",
      "On 2.4.57, it worked.",
      "I cannot reproduce this in Chrome.",
      "It built fine with 2.4.57.",
      "This is a regression from 2.2.",
      "Regression range: https://hg.example.org/pushloghtml?fromchange=1a2b&tochange=3c4d",
      "The crash regressed between the March and April nightlies.",
      "The preview shows up blank for users in some regions while others see it fine.",
    ]) expect(expectedIn(text).map((r) => r.kind), text).toContain("working_case");
    // Negated, or only a part of it working, is no case that works.
    for (const text of ["In Safari it works only after a reload.", "It never built cleanly with the bundled APR.", "A regression test is attached.",
      "Nobody can see it properly."]) {
      expect(expectedIn(text), text).toEqual([]);
    }
  });

  it("still reads a failure that does not appear elsewhere, and 'instead of' in what is seen", () => {
    for (const text of ["The problem does not appear in 2.3.", "This does not show up on Firefox.", "The label reads 'Cancel' instead of 'Close'.",
      "Pressing Save shows the list rather than the form."]) expect(reads(expectedIn(text)), text).toBe(true);
  });

  it("reads a title that asks for the change, not one that states a failure", () => {
    expect(titleAsksFor("Add a way to export the audit log")).not.toBeNull();
    expect(titleAsksFor("Export button does nothing")).toBeNull();
  });
});

describe("how to get there (steps)", () => {
  it("reads lists of actions, imperatives, chained conditions, narrated actions, commands, requests and snippets", () => {
    for (const text of [
      "1. Open the cart\n2. Tap Pay",
      "Open the cart. Tap Pay. Nothing happens.",
      "When I open the cart and tap Pay, nothing happens.",
      "I opened the invoice, changed the address and pressed Save.",
      "$ npm run build\nThe build stops at the CSS step.",
      "POST /api/refunds with amount=0 returns 500.",
      "The following snippet shows it:\nconst total = sum([]);\nconsole.log(total);",
      "Go to Settings > Billing > Invoices and the list is empty.",
      "Steps to reproduce: log in as an admin, then delete a user.",
      // An unfilled template field elsewhere ("n/a" under Screenshots) says nothing about reproducing.
      "1. Open Settings\n2. Switch on dark mode\n3. Reload\n\n**Screenshots**\nn/a",
      // A configuration that reproduces it, introduced as such.
      "With this in httpd.conf:\nRewriteEngine On\nRewriteRule ^/old/(.*)$ /new/$1 [R=301,L]\na request for /old/a%20b goes to /new/a%2520b.",
      "Config:\n<VirtualHost *:80>\n  ProxyPass /app http://backend:8080/app\n</VirtualHost>\nRequests to /app/x return 502.",
      // A snippet introduced by what it is, a call opened at the end of its line.
      "For example, the call:\n$stats = $client->metrics(1700000000, 1700600000, ['active_users']);\nfails on new apps.",
      "I have some code that looks like:\n<fb:js-string var=\"foo\">hello</fb:js-string>\nand foo is undefined in the script after it.",
      "I make the following request:\nclient.call(\n  'users.getInfo', fields='uid, profile_url'\n)\nThe response has no profile_url.",
      // An instruction with another joined to it in its sentence, after a sentence that sets the scene (markup pass: both
      // readers of a written report counted such a sentence as steps).
      "Windows 11 with a contrast theme on. Open the settings page, press Tab a few times. The focused button has no outline.",
      "Sign in as a guest and open the orders page. It is empty.",
    ]) expect(stepsIn(text).at, text).not.toBeNull();
  });

  it("reads a browser tracker's and a web server's ways of giving the steps", () => {
    for (const text of [
      // An action on the test case the report comes with: the test case holds the reproduction.
      "Load the attached testcase: the two floated boxes overlap.",
      "Open the attached HTML file in a new window and the second column is missing.",
      // A preference set to a value, and the actions joined to it.
      "I set browser.tabs.warnOnClose to false and restarted; closing a window with three tabs still asks for confirmation.",
      // A configuration and the request that shows it, the request inside a sentence.
      "RewriteCond %{HTTP_HOST} ^www\\.example\\.org$\nRewriteRule ^(.*)$ https://example.org$1 [R=301,L]\nWhen requesting http://www.example.org:80/a no redirect is sent.",
      "With KeepAlive On, a HEAD request for /index.html makes the child exit.",
      "Sending GET /cgi-bin/env.cgi HTTP/1.1 with a chunked body gets a 400.",
      // A command given inside a sentence: a build, a command in backticks, curl.
      "./configure --with-included-apr --enable-ssl && make\nfails with an undefined reference.",
      "Running ./configure --with-included-apr && make stops with an undefined reference.",
      "`httpd -t -f /etc/httpd/broken.conf` prints Syntax OK for a file with an unclosed section.",
      "Calling curl -I http://localhost/old/a%20b shows a Location of /new/a%2520b.",
      // "Go to" a page is an action ("to" after a verb of moving), so with the next one it is the way there.
      "Go to https://example.org/menu.html and hover over Products: the submenu is cut off.",
      "Go to the settings page. Click Save.",
      // A step that opens with where it is done: "In the Java perspective, open ..." acts.
      "In the Java perspective, open a compare view for a changed file. Switch to another editor.",
    ]) expect(stepsIn(text).at, text).not.toBeNull();
  });

  it("takes neither a patch nor a report that only fails elsewhere for steps, and still reads the steps beside them", () => {
    const patch = "The attached patch fixes it.\n\nIndex: server/protocol.c\n===\n--- server/protocol.c\t(revision 100)\n+++ server/protocol.c\t(working copy)\n" +
      "@@ -200,7 +200,7 @@\n-    if (bytes_handled >= n) {\n+    if (bytes_handled > n) {\n         return APR_ENOSPC;\n     }";
    // One action and a patch: the patch's code lines are the fix, so the action stays the trigger it is.
    expect(stepsIn(`Send a header line of exactly 8190 bytes and the server answers 400. ${patch}`).at).toBeNull();
    expect(stepsIn(`Send a header line of exactly 8190 bytes and the server answers 400. ${patch}`).trigger).toBeDefined();
    expect(stepsIn(`Send a header line of exactly 8190 bytes, then check the status: 400. ${patch}`).at).not.toBeNull();
    // "Cannot reproduce it in Chrome" says where it does not happen, not that the steps are unknown.
    expect(stepsIn("1. Open a 4K video\n2. Press F for fullscreen\nThe video stutters. I cannot reproduce this in Chrome.").at).not.toBeNull();
    expect(stepsIn("1. Open a 4K video\n2. Press F for fullscreen\nThe video stutters now and then. I cannot reproduce it reliably.").at).toBeNull();
    for (const text of ["Apache crashes, please fix.", "The attached patch fixes it.", "Set LogLevel to debug if you need more detail."]) expect(stepsIn(text).at, text).toBeNull();
  });

  it("does not take one trigger, a list of problems, a stack trace or a report that cannot be reproduced for steps", () => {
    for (const text of [
      "When I save, it hangs.",
      "1. The totals are wrong\n2. The dates are in the wrong zone",
      "java.lang.IllegalStateException: closed\n    at com.shop.Cart.pay(Cart.java:12)\n    at com.shop.Main.run(Main.java:5)",
      "Not sure how to reproduce it. I opened the app, then it crashed at some point.",
      "It happens sometimes.",
      // Words that promise a reproduction and give none.
      "To reproduce, see the attached test page.",
      "1. Check/Uncheck does not highlight the row.\n2. The tree does not refresh.",
      // Two spaces where a quoted label lost its quotes are no line break: "Export PDF" is the button's name, not a step.
      "When clicking on  Export PDF  the button opens the print dialog instead of a download.",
    ]) expect(stepsIn(text).at, text).toBeNull();
  });

  it("does not take a label, a trace frame, a variable, a heading or a quote for an action or a command", () => {
    for (const text of [
      "Build Identifier: 20240311-0900\n\nUpdate: the totals are still wrong on the invoice.",
      "Build 4.2.1\nThe totals are wrong.",
      "Display.refresh(Display.java:120) line: 3706\nOS.dispatch(int, int) line: not available",
      "$client = new Client($key);\nThe call returns null.",
      "# Totals wrong\n> As reported by the Lisbon office: the invoice shows 21%.",
      "new customers see the old price when the page is cached.\nif the cache is off, they see the right one.",
      // A line of wrapped prose that opens with a tool's name is no command.
      "Removing the listener when the parent\nnode has its keys removed throws an\nIllegalStateException.",
    ]) expect(stepsIn(text).at, text).toBeNull();
    for (const text of ["$ npm run export -- --month 2024-03", "% make invoices", "make install", "node server.js --port 3000", "cat /var/log/httpd/error_log"]) {
      expect(stepsIn(text).kinds, text).toContain("command");
    }
  });
});

describe("who is hurt (impact) and a description that adds nothing", () => {
  it("reads counts, shares, groups of users, what it blocks and severity words", () => {
    for (const text of ["About 30% of our mobile traffic is iOS Safari.", "Customers using Outlook.com addresses are hit.",
      "It blocks the release of 4.1.", "Severity: critical, no workaround.", "Around 200 orders a day fail."]) {
      expect(reads(impactIn(text)), text).toBe(true);
    }
    for (const text of ["Customers are complaining.", "Please fix asap!"]) expect(impactIn(text), text).toEqual([]);
  });

  it("reads impact as a browser's and a web server's trackers state it, and counts no version, decimal or regex group (issue 44)", () => {
    for (const text of ["This is the #2 top crasher of the beta.", "Around 300 crashes/day with this signature.",
      "Opening the folder is 8x slower than in the previous release.", "After a restart users lose every unsaved draft.",
      "The headers point at the build host, so our own modules don't compile against it."]) {
      expect(reads(impactIn(text)), text).toBe(true);
    }
    for (const text of ["Mozilla/5.0 (Windows; U; rv:1.8.1.6) Gecko/20070725 Firefox/2.0.0.6 Build Identifier: 20070725",
      "On the 2.6 kernel builds finish, the module does not load.", "RewriteRule ^/old/(.*)$ /new/$1 [R=301]",
      "Header edit Set-Cookie ^(.*)$ $1;Secure", "LDAPDepth 10\nLDAPAttribute member"]) {
      expect(impactIn(text), text).toEqual([]);
    }
    // Money, counts of people and thousands still read.
    for (const text of ["It costs us $2,000 a week in refunds.", "About 1,200 customers saw it.", "12 users reported it."]) {
      expect(reads(impactIn(text)), text).toBe(true);
    }
  });

  it("tells a description that adds nothing but urgency from one that says something", () => {
    expect(addsNothing("Search is broken", "Doesnt work, please fix ASAP!!")).toBe(true);
    expect(addsNothing("Reports page problem", "Something is wrong with reports, customers are complaining.")).toBe(true);
    expect(addsNothing("Password reset email never arrives", "Customers using Outlook.com addresses have not received it since Tuesday's deploy.")).toBe(false);
  });
});

describe("labels a template leaves unfilled", () => {
  it("blanks a label with nothing under it, keeps one with content and keeps a sentence ending in a colon", () => {
    const text = "Steps to Reproduce:\n1.\n2.\n\nExpected Results:\nThe list keeps its order.\nThe following code:\nsort(list);\n### Impact\n";
    const out = withoutLabels(text);
    expect(out).toHaveLength(text.length);
    expect(out).not.toContain("Steps to Reproduce");
    expect(out).toContain("Expected Results:\nThe list keeps its order.");
    expect(out).not.toContain("### Impact");
    expect(out).toContain("The following code:\nsort(list);");
    expect(withoutLabels("Works on Chrome.")).toBe("Works on Chrome.");
  });
});

describe("fourth pass: forms a browser tracker's reports take (Firefox written reports)", () => {
  it("does not read an 'Expected Results:' field left empty in a form run onto one line as an expectation", () => {
    for (const text of [
      "Steps to Reproduce: 1. open the editor 2. paste a table Actual Results: the caret vanishes Expected Results:",
      "Reproducible: Always Expected Results:   Actual Results: nothing is saved",
      "The menu never opens. Expected results: \nSteps: none",
    ]) expect(expectedIn(text).some((r) => r.kind === "expect"), text).toBe(false);
    // A field with something after it still says what should happen.
    for (const text of [
      "Actual Results: the caret vanishes Expected Results: the caret stays after the table",
      "Expected: a second row appears under the first",
    ]) expect(reads(expectedIn(text)), text).toBe(true);
  });

  it("does not take a compound noun that starts with a verb for a title that asks for the change", () => {
    for (const title of ["Add-ons manager", "Make-file rule list", "Show-stopper in the import"]) expect(titleAsksFor(title), title).toBeNull();
    expect(titleAsksFor("Add a way to hide the sidebar")).not.toBeNull();
  });

  it("reads a request with its object before 'back', a wish without its subject, and a case that works set beside the failure", () => {
    for (const text of [
      "The toolbar lost its clock. Please put it back where it was.",
      "Would be great if the tray icon showed the unread count.",
      "The importer aborts on the first bad row; it doesn't fail without the --strict option.",
      "Redraw lags on every keystroke. It did not in 2.4.1.",
      "In Writer 3 I could drag the ruler to set a margin; now the ruler is static.",
      "Opening a folder is very slow compared to the file manager.",
      "The chart is blank, in Konqueror the same report renders fine.",
      "The viewer refuses the PDF, the old viewer opens it without a warning.",
      "Range: https://hg.example.org/repo/pushloghtml?fromchange=a1b2c3&tochange=d4e5f6",
      "Regressed somewhere in https://github.com/acme/app/compare/v1.2.0...v1.3.0",
    ]) expect(reads(expectedIn(text)), text).toBe(true);
    for (const text of [
      "The toolbar lost its clock and I brought my laptop back to the shop.",
      "Would you look at the attached log?",
      "The importer does not fail quietly: it prints every row.",
      "Redraw lags on every keystroke. It did not look like this on my old screen either.",
      "In the third step I could not find the ruler.",
      "The chart is blank, in the second tab the same report is fine.",
      "The viewer does not open it without a warning.",
      "The viewer opens it with a warning about fonts.",
    ]) expect(reads(expectedIn(text)), text).toBe(false);
  });

  it("reads a measure that moved, a value the program writes out and what is seen described by its look", () => {
    for (const text of [
      "Cold start went from 800ms to 1100ms on the small tablets.",
      "The helper process grows to 900 MB after an hour of music.",
      "Page load regressed 12% on the nightly runs.",
      "The calculator prints 0.30000000000000004 for 0.1 + 0.2.",
      "Asking for the font size returns \"medium\" for every heading.",
      "The save dialog suggests \"untitled(2).txt\" for a new file.",
      "Printing gives a blank page.",
      "Every map tile shows a black square on the old laptop.",
      "Panning the map is jerky on long routes.",
      "Labels look blurry at 150% zoom.",
    ]) expect(observedIn(text).some((r) => !r.generic), text).toBe(true);
    for (const text of [
      "Cold start went through the splash screen as designed.",
      "The helper process grows with the playlist, as documented.",
      "Please print 2 copies.",
      "Open a new blank document and type a line.",
      "The map is shown at full size.",
    ]) expect(reads(observedIn(text)), text).toBe(false);
  });

  it("reads a program run with its options, a story told in the past progressive or the present, and leaving something as it is", () => {
    for (const text of [
      "shell -x -e 'print(1 / 0)'\nprints Infinity in one mode only.",
      "I was filling in the survey, switched to my mail to look up a number, came back and the answers were gone.",
      "I enter my card number and press Pay, the spinner turns forever.",
      "I leave the box ticked and click Send, but the copy never arrives.",
    ]) expect(stepsIn(text).at, text).not.toBeNull();
    for (const text of [
      "I am running a small shop on the platform and the totals are wrong.",
      "We are using the stock theme; the footer overlaps.",
      "I enter my card number, nothing else changes.",
      "The exporter accepts -x and -y, but ignores -z.",
    ]) expect(stepsIn(text).at, text).toBeNull();
  });
});

// Fourth pass: forms a web server's tracker writes them in (docs/decisions.md, "Bug readers, fourth pass: Apache httpd
// written reports"). Sentences written for these tests.
describe("fourth pass: a web server's reports", () => {
  it("reads what the program takes up or writes over, and a response shown as it came, as what happens", () => {
    for (const text of [
      "The indexer uses 95% CPU while idle.",
      "After a day the worker grows to 3 GB.",
      "Upgrading the package overwrote my vhost files.",
      "$ curl -sI http://127.0.0.1/logo.png\nHTTP/1.1 403 Forbidden",
      "The rule sends the client to Location: http://127.0.0.1/login%253F",
      "Content-Encoding: br",
    ]) expect(observedIn(text).some((r) => !r.generic), text).toBe(true);
    // A setting, a request header in a command or a plan is not what the program did.
    for (const text of ["Please keep my settings when upgrading.", "curl -H 'Cache-Control: max-age=0' http://127.0.0.1/",
      "The job should use at most 2 GB."]) expect(observedIn(text).filter((r) => !r.generic), text).toEqual([]);
  });

  it("reads a wish without its subject, a proposal and a patch that adds what it asks for as what should happen", () => {
    for (const text of ["Would be handy for testing behind a proxy.", "Suggest lowering the default to 30 seconds.",
      "This patch adds a directive to turn the check off.", "See attachment. Adds --enable-foo to configure."]) {
      expect(expectedIn(text).map((r) => r.kind), text).toContain("wish");
    }
    // A patch that fixes a failure says what was wrong, not what should be.
    expect(expectedIn("The attached patch fixes a double free in the cleanup."), "a fix").toEqual([]);
  });

  it("reads the same thing working elsewhere and a failure dated from a revision as the case that works", () => {
    for (const text of ["The same page over plain HTTP works.", "The same request from wget works.", "The Solaris build is broken since r1234567.",
      "Startup fails since 2.4.10."]) expect(expectedIn(text).map((r) => r.kind), text).toContain("working_case");
    // Broken since a day, or a thing missing from a version, is no case that works.
    for (const text of ["It is broken since yesterday.", "The FooReset directive does not exist in 2.0."]) expect(expectedIn(text), text).toEqual([]);
    expect(expectedIn("The leak does not exist in 2.0.").map((r) => r.kind), "a failure absent elsewhere").toContain("working_case");
  });

  it("does not read an 'Expected' label left empty inside a line run together as what should happen", () => {
    for (const text of ["Steps: 1. start it 2. stop it Actual Results: it hangs Expected Results:",
      "Actual Results: it hangs Expected Results:\nBuild Identifier: 2.4.3"]) expect(expectedIn(text), text).toEqual([]);
    expect(reads(expectedIn("Actual Results: it hangs Expected Results: it stops within a second")), "filled").toBe(true);
  });
  it("reads a server's configuration of two lines or more, and a command line of any program, as the way there", () => {
    for (const text of [
      "<Directory /srv/www/shop>\n  AllowOverride FileInfo\n  Options -Indexes +Includes\n</Directory>\nEvery page under /shop answers 500.",
      "ScriptAlias /bin/ \"/srv/cgi/\"\nTimeOut 5\nThe scripts are killed after a few seconds.",
      "tool export -o /tmp/out.csv --all\nwrites an empty file.",
      "# mytool --check\nSegmentation fault",
      // A program run with its option opening the sentence that says what it does is the command to run (held-out pass).
      "mytool -v prints nothing, it used to print the version.",
    ]) expect(stepsIn(text).at, text).not.toBeNull();
    // Form fields, environment lines and prose that names a program are no configuration and no command.
    for (const text of [
      "Failed Account/Tester IDs: 1234, 5678\nWorking Account/Tester IDs: 4321, 8765",
      "Firefox 3.6.12\nWindows XP SP3\nThe menu is cut off.",
      "grep -r is what I used to find the line.",
    ]) expect(stepsIn(text).at, text).toBeNull();
  });

  it("reads actions told in the first person across a wrapped line and past a path's dots", () => {
    expect(stepsIn("I moved the key to /etc/app/keys.d/site.pem,\nreloaded the service and then restarted the proxy.\nIt still serves the old key.").at).not.toBeNull();
  });
  it("reads one directive with the request or the response that shows it, and a request joined to an action", () => {
    for (const text of [
      "Alias /img \"/srv/pictures/\"\nA request for /img/a.png is answered with the index page.",
      "ErrorDocument 404 /missing.html\ngives\nHTTP/1.1 500 Internal Server Error",
      "Add two files a.txt and a.txt.orig and request /a: the wrong one comes back.",
    ]) expect(stepsIn(text).at, text).not.toBeNull();
    // One directive alone is no way there.
    expect(stepsIn("KeepAliveTimeout 1\nThe pages load slowly.").at).toBeNull();
  });

  it("does not take a tool's name opening a sentence about it for a command run", () => {
    for (const text of ["make install of the new release removed my logs directory.", "apachectl stop leaves one child running for an hour."]) {
      expect(stepsIn(text).kinds, text).not.toContain("command");
    }
    for (const text of ["make install", "$ make install of the docs fails.", "apachectl restart"]) expect(stepsIn(text).kinds, text).toContain("command");
  });
  it("reads a configuration section opened and closed on one line, where the parse ran its lines together", () => {
    expect(stepsIn("Config: <Directory /srv/app> AllowOverride None Require all granted </Directory> and pages under /app give 403.").at).not.toBeNull();
    // A tag with attributes is markup, not a server's section.
    expect(stepsIn("The <Button color=\"red\"> label </Button> is cut off.").at).toBeNull();
  });
  it("reads what a protocol's norm requires, and going back or another program handling it, as what should happen", () => {
    for (const text of ["RFC 7231 section 6.5.5 requires an Allow header here.", "Per RFC 2616 the Date header is mandatory.",
      "This violates RFC 2616.", "According to the HTTP/1.1 spec the proxy keeps the header."]) {
      expect(expectedIn(text).map((r) => r.kind), text).toContain("expect");
    }
    for (const text of ["Rolling back to 2.4.9 fixes it.", "The old 1.3 server handled this correctly.", "lighttpd does the right thing."]) {
      expect(expectedIn(text).map((r) => r.kind), text).toContain("working_case");
    }
    // The docs quoted, a step back that does not help, a negated handling: nothing said of what should happen.
    for (const text of ["According to the docs the call takes two arguments.", "Rolling back to 2.4.9 did not help.",
      "The proxy doesn't handle it correctly.", "The filter does not do the right thing."]) expect(expectedIn(text), text).toEqual([]);
  });
});

// Fourth pass, read on reports written by a third author that no rule was written from (docs/decisions.md, "Bug
// readers, fourth pass: held-out reports"). Sentences written for these tests.
describe("fourth pass: a program, a build option or a directive named inside a sentence", () => {
  it("reads a program run with its options inside a sentence, and a build's configure option, as the way there", () => {
    for (const text of [
      "indexer -r /srv/docs stops at the first PDF with a bad font.",
      "Running the suite, benchtool -c 20 -n 5000 against the staging host drops every tenth reply.",
      "Built with --enable-shared-libs the loader cannot find its plug-ins.",
      "The server exits when started without --with-threads on this box.",
    ]) expect(stepsIn(text).at, text).not.toBeNull();
    for (const text of [
      // A value in a list of options is an argument, not a program; a line a build tool echoes after its prompt is output.
      "Launch arguments: -os linux -ws gtk -arch x86 -data /tmp/ws; the splash screen never closes.",
      "builder> pkg -ra all\nmaking the package fails with an undefined symbol.",
      // A dash between words is punctuation.
      "The window is too small - it hides the toolbar.",
    ]) expect(stepsIn(text).at, text).toBeNull();
  });

  it("reads directives written inside sentences as a configuration when two are given, or one with its request or its start-up error", () => {
    for (const text of [
      "LogRotation On and ArchiveDir /var/archive together make the rotation skip the first file.",
      "KeepAliveHosts On, then a request for /status/full hangs the worker.",
      "CacheStore shm:/var/run/store(900000000) crashes the server at startup.",
    ]) expect(stepsIn(text).at, text).not.toBeNull();
    for (const text of [
      // One setting named with nothing that meets it: a trigger at most.
      "With DebugMode On the log grows quickly.",
      // A class name and a quoted value in prose is no directive pair.
      "The JavaThread \"main\" stops.",
    ]) expect(stepsIn(text).at, text).toBeNull();
  });
});

describe("fourth pass: what happens, in forms read on held-out reports", () => {
  it("reads a crash told as a verb, a state that returns, what another party gets, a time, a climbing measure and a status after an arrow", () => {
    for (const text of [
      "The daemon segfaults on the second request.",
      "The worker dumps core every night.",
      "I hide the sidebar. After a restart it is back.",
      "The client sees the old header.",
      "After a week there are hundreds of stale lock files.",
      "Opening the archive needs about 40 sec.",
      "Saving a draft takes 3-4 seconds.",
      "Memory goes to 95% while idle.",
      "The handle count grows by ~20 on each reload.",
      "The Save label is translated as \"Rescue\" in the Spanish build.",
      "With the setting off, the window opens in front anyway.",
      "Printed pages show blank on the office printer.",
      "GET /old/report -> 404",
      "The node abends when the module loads.",
      "No mention of the limit in the guide.",
    ]) expect(observedIn(text).some((r) => !r.generic), text).toBe(true);
    for (const text of [
      "It should take at most 2 seconds.",
      "Please add a way to come back to the list.",
      "Steps: open it -> click Save",
    ]) expect(observedIn(text).filter((r) => !r.generic), text).toEqual([]);
  });
});

describe("fourth pass: what should happen, in forms read on held-out reports", () => {
  it("reads a case that works in other words, a norm cited by its section, and phrases a line break cut in two", () => {
    for (const text of [
      "After a restart the draft is gone. In version 2 the draft was still there.",
      "Scrolling stutters here; in other editors it's smooth.",
      "The table takes a minute to lay out. Chrome shows it in 4 seconds.",
      "IE and Opera pick the right encoding.",
      "The sidebar flickers on every click. Was not like that in 3.6.",
      "The page flashes unstyled. 4.0b7 does not show this.",
      "After the upgrade the log fills with warnings. In 2.2.14 nothing.",
      "Same file on 2.2.11 fine.",
      "If the Encoding line comes first it works.",
      "Removing the Order lines works.",
      "Without a proxy the setting is honored.",
      "RFC 2616 14.18 requires a Date header in every response.",
      "The request gives 404 instead\nof a redirect to the folder.",
    ]) expect(expectedIn(text).length, text).toBeGreaterThan(0);
    for (const text of [
      "Chrome crashes too.",
      "Safari shows the same error.",
      "In version 2 the draft was lost as well, and now it is lost again.",
      "Using the export for the admin works but for other users the browser hangs.",
      "4.0b7 does not start.",
    ]) expect(expectedIn(text).filter((r) => r.kind === "working_case"), text).toEqual([]);
  });

  it("reads an expectation inside a long line the parse ran together, unless its own sentence is what the program printed", () => {
    const session = "$ telnet localhost 80 HEAD /cgi-bin/t.cgi HTTP/1.0 HTTP/1.1 200 OK Date: Tue, 11 Mar 2003 10:02:11 GMT Server: Apache Connection: close Content-Type: text/plain hello The body comes back on HEAD. The server MUST NOT send a body in answer to HEAD.";
    expect(expectedIn(session).map((r) => r.kind)).toContain("modal");
    expect(expectedIn("$ grep expected result.txt")).toEqual([]);
  });
});

describe("fourth pass: steps in forms read on held-out reports", () => {
  it("reads a list run into its numbers, an inline 'Steps:' label, a REPL's prompt, a test case's URL, a directive met by a request", () => {
    for (const text of [
      "Steps to Reproduce: 1.open the music site 2.play a song 3. Actual Results: silence",
      "Steps: fill the history, open Downloads once, quit.",
      "js> [3, 1, 2].sort(cmp)\n[1, 3, 2]",
      "The canvas stays empty. testcase: http://people.example.org/~me/neg.html",
      "SessionStore \"shm:/run/sessions\" then a request for /login crashes the child.",
      "Bind [fe80::1%eth0]:80\n-> (22)Invalid argument: make_sock: could not bind to address [fe80::1%eth0]:80",
      "ab -X does not work with https URLs.",
    ]) expect(stepsIn(text).at, text).not.toBeNull();
    for (const text of [
      "Version 1.2 broke it.",
      "MaxSessionAge is not documented.",
      "The mail says: Steps: none.",
    ]) expect(stepsIn(text).at, text).toBeNull();
  });
});

describe("fourth pass: wishes and working versions told without 'I' or 'it'", () => {
  it("reads a judgement with its own subject, a proposal that would help, a version that worked, and 'should be the same'", () => {
    for (const text of [
      "A clear error would be better than a crash.",
      "A batch option would make the tests more realistic.",
      "Adding the host name to the log lines would help.",
      "Would like separate settings for keys and wheel.",
      "After the update it crashes at start. 3.6 was working.",
      "On 2.2 the same thing logged every request.",
      "Pages take 5-6 seconds instead 0.5 before.",
      "Other platforms get it by default. Should be the same.",
      "Same alias on :80 works.",
      "<Host *:80> Name slow.example.com Limit 600 </Host> A script that runs 2 minutes is cut at 60 s. Should use 600 for that host.",
    ]) expect(expectedIn(text).length, text).toBeGreaterThan(0);
    for (const text of [
      "Any help on this would greatly help.",
      "Would like to know what we can do.",
      "This should be the same bug as the one from last week.",
      "I would like to use this account for my tests.",
    ]) expect(expectedIn(text), text).toEqual([]);
  });
});

describe("fourth pass: one directive in CamelCase with what sets the failure off", () => {
  it("reads one configuration line with a trigger as the way there, and not a form field or a date line", () => {
    for (const text of [
      "We have configured:\n\nDirectoryURL \"ldap://one.example ldap://two.example/ou=people\"\n\nWhen the first server is down, every login fails with 500.",
      "BackendPass /app ajp://127.0.0.1:8009/app retry=0\n\nAfter restarting the backend, all requests get 503 for a minute.",
    ]) expect(stepsIn(text).at, text).not.toBeNull();
    for (const text of [
      "JEM (9/25/2001 10:04:31 AM)\nWhen I save, the editor hangs.",
      "Component name = CDT\nWhen I open the view it is empty.",
    ]) expect(stepsIn(text).at, text).toBeNull();
  });
});

describe("fourth pass: another browser named as the case that works, not a browser's own chrome or an edge", () => {
  it("reads 'Chrome shows it' and not 'the chrome shows', 'chrome://' or 'the edge of the dialog shows'", () => {
    for (const text of ["The table takes a minute. Chrome shows it in 4 seconds.", "IE and Opera pick the right encoding."]) {
      expect(expectedIn(text).map((r) => r.kind), text).toContain("working_case");
    }
    for (const text of [
      "The browser chrome shows the old icon after the update.",
      "chrome://browser/content/browser.xul loads twice on start.",
      "The left edge of the dialog shows a gap.",
      "Chrome shows an error too.",
    ]) expect(expectedIn(text).filter((r) => r.kind === "working_case"), text).toEqual([]);
  });
});

describe("bands, second pass: steps as written-out reports in prose give them", () => {
  it("reads the way there after words that say it follows, whatever the verb and however long the setting before the colon", () => {
    for (const text of [
      // The lead cut from its action at the comma ("To reproduce" / "open ...").
      "To reproduce, open the oldest invoice in the archive view and print it: the footer is missing.",
      // An adverb after "to see it".
      "To see it reliably, shrink the window to 600 px wide and wait a second, then scroll the menu.",
      // "How to see it:" with a verb the action list does not hold.
      "How to see it: on the test rig, unplug both sensors on bus 3. Only one alarm is raised.",
      // A "Reproduce:" label inside a list item.
      "- Reproduce: dial the hotline from a landline, stay on hold for ten minutes -> the call drops.",
      // A long setting before the colon.
      "You can reproduce it on the staging shop with the voucher code SPRING-TEST-20 and a basket over 50 euros: apply the voucher, remove one item.",
      // "reproduce it in <place> by <doing>".
      "We reproduce it in staging by importing the March ledger and then running the month-end close.",
    ]) expect(stepsIn(text).at, text).not.toBeNull();
  });

  it("counts a run of actions beside an action already read in the same sentence", () => {
    const told = "What the drivers do: in the depot app, on a tablet, they open the route list, go to settings, pick Offline, confirm with the PIN.";
    const read = stepsIn(told);
    expect(read.at, told).not.toBeNull();
    expect(read.kinds).toContain("actions");
  });

  it("still takes a pointer to an attachment, a statement or a label after the words for no steps", () => {
    for (const text of [
      "To reproduce, see the attached recording.",
      "To reproduce, it only takes a busy afternoon.",
      "Reproducible: Always",
      "How to see it: the recording is attached.",
    ]) expect(stepsIn(text).at, text).toBeNull();
  });
});

describe("fifth pass: what the documentation says, a version that had it, and 'instead of' in four languages", () => {
  it("reads the program's documentation quoted as what it does, and a version that worked told as having it", () => {
    for (const text of [
      "The manual says the default limit is 100 connections. We get 25.",
      "Uploads over 2 MB fail. Docs say any size up to LimitRequestBody is accepted.",
      "Query strings come back escaped, while the same rule in the main file keeps them unescaped as documented.",
      "Icons are missing in the toolbar. The old release was fine.",
      "The preview pane stays blank. It ran fine on beta 3.",
      "The German build has no spell checker. 4.1 had it.",
      "la fecha dice \"Mar 3\" en vez de \"3 mar\".",
      "le titre affiche \"Sans nom\" au lieu du nom du fichier.",
    ]) expect(expectedIn(text).length, text).toBeGreaterThan(0);
    for (const text of [
      "The docs don't say what the default is.",
      "Nothing in the documentation about this option.",
      "I worked on the build all day and it still fails.",
      "Bug 4412 had this crash too.",
      "The statistics page is empty.",
    ]) expect(expectedIn(text), text).toEqual([]);
  });
});

describe("fifth pass: an attached test case, and a web server's directives read by name", () => {
  it("reads a test case said to be attached as the way there", () => {
    for (const text of [
      "Testcase attached. The second column is drawn on top of the first.",
      "Reduced test case attached: the list marker sits inside the box.",
      "The attached testcase alerts the width, which is 0.",
      // A test case is, by the trackers' convention, the file that makes it happen when loaded (an earlier pass read
      // this sentence as a promise the report does not keep; four writers of Firefox reports read it as steps).
      "A test case is attached; the totals are wrong there too.",
    ]) expect(stepsIn(text).at, text).not.toBeNull();
    for (const text of ["Screenshot attached. The list marker sits inside the box.", "I will attach a testcase later."]) {
      expect(stepsIn(text).at, text).toBeNull();
    }
  });

  it("reads one line of a known directive with what sets the failure off, and not a directive's name as a sentence's subject", () => {
    for (const text of [
      "RequestReadTimeout body=10,MinRate=500\n\nWhen I upload a photo from a phone over a slow line, it gets a 408 after 10 s.",
      "ScriptLog logs/cgi.log\n\nAfter adding this line, the scripts' errors are in neither log.",
    ]) expect(stepsIn(text).at, text).not.toBeNull();
    for (const text of [
      "ProxyPassReverse does not rewrite the header\nWhen the backend answers with another host name, the client gets it unchanged.",
      "Timeout is ignored\nWhen the backend is down, the client waits 21 s.",
      "KeepAlive is a pain\nWhen I reload, it is slow.",
    ]) expect(stepsIn(text).at, text).toBeNull();
  });
});

describe("bands, second pass: everyone who does a thing is who is hurt", () => {
  it("reads 'anyone importing ...' as a group of users, and not 'anyone' alone", () => {
    expect(impactIn("Anyone importing a CSV with a BOM loses the first column.").length).toBeGreaterThan(0);
    expect(impactIn("Has anyone seen this?")).toEqual([]);
  });
});

describe("bands, second pass: a failure named only as judged is generic", () => {
  const generic = (text: string) => observedIn(text).map((r) => !!r.generic);

  it("marks a mood, an impression and a word that only carries a generic failure as generic", () => {
    for (const text of [
      "The drivers keep complaining about the app.",
      "It feels slow since Monday.",
      "The chart doesn't look right.",
      "She is still having problems with it.",
    ]) {
      expect(generic(text).length, text).toBeGreaterThan(0);
      expect(generic(text).every(Boolean), text).toBe(true);
    }
  });

  it("keeps a negated judgement, a program's output and a plain failure specific", () => {
    expect(generic("It isn't a problem for short names, but long names overlap.")).toContain(false);
    expect(generic("The export writes an empty file.")).toContain(false);
    expect(generic("The badge still shows 4.")).toContain(false);
  });

  it("reads no request in a title that only pleads for a fix", () => {
    expect(titleAsksFor("Please fix asap")).toBeNull();
    expect(titleAsksFor("Please add a CSV export")).not.toBeNull();
  });
});

describe("fifth pass: what happens, told as a state that did not change or as what it does now", () => {
  it("reads a state or a value that stays, what a file is served as, what it does right now and what the user loses", () => {
    for (const text of [
      "The heart icon stays grey after I like the post.",
      "Whatever quality I pick, the file size is the same.",
      "Files ending in .csv are served as text/html.",
      "Right now it only matches the first word.",
      "The filter only searches the subject line.",
      "We lose the draft every time the session ends.",
    ]) expect(observedIn(text).length, text).toBeGreaterThan(0);
    for (const text of ["Please make the filter search the body too.", "Would be nice to have a dark theme."]) {
      expect(observedIn(text), text).toEqual([]);
    }
  });
});

describe("fifth pass: what people did and what is at stake for them is not what the program does", () => {
  it("does not read a person who got in touch twice, what the team cannot afford, or reported speech as what happens", () => {
    for (const text of [
      "Jim from Acme rang twice this morning.",
      "We cannot lose this customer.",
      "The customer emailed us three times about it.",
    ]) expect(observedIn(text).filter((r) => !r.generic), text).toEqual([]);
    expect(observedIn("Northwind says the totals are off.").map((r) => r.start), "reported speech").not.toContain(0);
    for (const text of [
      "We cannot log in since the update.",
      "The invoice is sent twice.",
      "The banner says \"Offline\" although the network is up.",
    ]) expect(observedIn(text).filter((r) => !r.generic).length, text).toBeGreaterThan(0);
  });

  it("takes 'still happening' and 'escalating' for urgency that adds nothing to the title", () => {
    expect(addsNothing("The export thing", "still happening. escalating.")).toBe(true);
    expect(addsNothing("The export thing", "The CSV export happens twice per click.")).toBe(false);
  });
});

describe("bands, fourth pass: steps under a 'How:' label, after what is being done, and a player's controls", () => {
  it("reads the way there in a 'How:' line, an action after a scene told by what is being done, and seeking or skipping as actions", () => {
    for (const text of [
      "What: the basket empties itself.\nHow: open the shop as a guest, Garden tab, pick a product. The basket shows 0.\nWhere: web, Firefox 126.",
      "- Playing any podcast on the watch, skip ahead three chapters\n- Audio stops and the chapter title stays on the first one",
      "- Uploading a 40 MB video from the gallery, cancel at half way\n- The next upload never starts",
    ]) expect(stepsIn(text).at, text).not.toBeNull();
  });

  it("does not take 'how' in a sentence, a scene with nothing done after it, or a two-item path alone for steps", () => {
    for (const text of [
      "Nobody knows how: it just started after the weekend.",
      "- Loading the dashboard, it takes ages.",
      "The refresh item is linked to the global File->Refresh action.",
    ]) expect(stepsIn(text).at, text).toBeNull();
  });
});

describe("bands, fourth pass: a value that goes back to where it started, and people who keep telling us", () => {
  it("reads a value or a view that resets, reverts or jumps back to a start as what happens", () => {
    for (const text of [
      "The step counter resets to 0 when the app goes to the background.",
      "The currency reverts to the default after every login.",
      "The feed jumps back to the top each time a post is liked.",
    ]) expect(observedIn(text).filter((r) => !r.generic).length, text).toBeGreaterThan(0);
  });

  it("does not read the reporter resetting, nor a reset named as a thing", () => {
    for (const text of ["We reset to defaults first.", "The reset to defaults button is on the last tab."]) {
      expect(observedIn(text), text).toEqual([]);
    }
  });

  it("takes people who keep telling, asking or chasing for no act of the program", () => {
    for (const text of ["Members keep telling us about it.", "The client keeps chasing support.", "They keep asking when it is done."]) {
      expect(observedIn(text), text).toEqual([]);
    }
    expect(observedIn("The app keeps asking for the PIN after every unlock.").length).toBeGreaterThan(0);
  });
});

describe("bands, fourth pass: what only says it happens, a reproduction that failed, a person's quoted words, and who said so", () => {
  it("reads these as generic or as nothing the program does", () => {
    for (const text of [
      "Couldn't reproduce it, but it's definitely happening.",
      "The reseller wrote: \"I did what you said and it still doesn't work\".",
    ]) expect(observedIn(text).filter((r) => !r.generic), text).toEqual([]);
    expect(impactIn("A few people said so.")).toEqual([]);
  });

  it("still reads a program's quoted words, and people counted by what they cannot do", () => {
    expect(observedIn("The toast says \"Sync failed\" after every save.").filter((r) => !r.generic).length).toBeGreaterThan(0);
    expect(impactIn("A few people cannot open the report.").length).toBeGreaterThan(0);
  });
});

describe("bands, fourth pass: seeing or getting only 'it'", () => {
  it("takes seeing or getting a pronoun for that it happens, not what", () => {
    for (const text of ["Still seeing it here, it's hurting us.", "We get this too.", "Our users still see it on every login."]) {
      expect(observedIn(text).filter((r) => !r.generic), text).toEqual([]);
    }
  });

  it("still reads what is seen when it is named after the pronoun or after a colon", () => {
    for (const text of ["I saw it freeze on the second page.", "Still getting this: Connection reset by peer", "We see the old logo on every invoice."]) {
      expect(observedIn(text).filter((r) => !r.generic).length, text).toBeGreaterThan(0);
    }
  });
});

describe("bands, fourth pass: a payload sent inline with where it goes", () => {
  it("reads the action and its payload as a reproduction", () => {
    for (const text of [
      "Checkout breaks for empty baskets — post {\"items\": [], \"currency\": \"EUR\"} to /api/checkout on staging and the response is a 500.",
      "Publishing {\"temp\": -0.0} to sensors-raw gives a reading of NaN in the dashboard.",
    ]) expect(stepsIn(text).at, text).not.toBeNull();
  });

  it("does not take a payload the program returns, or an action with no payload, for steps", () => {
    for (const text of [
      "The server returns {\"error\": \"quota\"} to the client.",
      "Publish the weekly report to the wiki, it is empty.",
    ]) expect(stepsIn(text).at, text).toBeNull();
  });
});

describe("sixth pass: clicks written as two words, a shell's runs, the access directives, a page in a data: URL", () => {
  it("reads a run of actions that opens with a click written as two words", () => {
    for (const text of [
      "With the new downloads panel on: right click a finished download, choose \"Open Containing Folder\". Nothing opens.",
      "Double click a cell in the ledger, type 40 and press Tab. The total keeps the old value.",
    ]) expect(stepsIn(text).at, text).not.toBeNull();
  });

  it("reads commands run one after another on one line, and a program run after a shell's prompt", () => {
    for (const text of [
      "The worker grows without end.\n\nmkdir /srv/share/many; cd /srv/share/many; touch a b c\nthen list it over WebDAV.",
      "Unpacked the build and started it:\n\n$ ./thunderbolt\nSegmentation fault",
      "make && make install\nleaves the old module in place.",
    ]) expect(stepsIn(text).at, text).not.toBeNull();
    // Two programs named in a sentence are prose.
    for (const text of ["I did cd and ls; nothing was listed.", "Tried make; it stops at the linker."]) expect(stepsIn(text).at, text).toBeNull();
  });

  it("reads the access directives in their own syntax as configuration", () => {
    const text = "After the upgrade the server refuses every request to the archive with a 403.\n\n<Directory /srv/archive>\n    Order deny,allow\n    Allow from 10.1.0.0/16\n</Directory>";
    expect(stepsIn(text).kinds).toContain("config");
    // "Allow from all" as a sentence's words is not a line of configuration.
    expect(stepsIn("We allow from all offices, and the page still shows 403.").kinds).not.toContain("config");
  });

  it("reads a page written into a data: URL as the test case, and a line of code under the script it runs in", () => {
    expect(stepsIn("The picker never shows.\n\ndata:text/html,<input type=color><script>document.querySelector('input').click()</script>").at).not.toBeNull();
    expect(stepsIn("In a content script injected at document_start:\n\nwindow.addEventListener('load', () => console.log(document.title));\n\nlogs nothing.").at).not.toBeNull();
    // A data: URL that is an image or a font is no page to load.
    expect(stepsIn("The icon is data:image/png;base64,iVBORw0KGgo and it is blurry.").at).toBeNull();
  });
});

describe("sixth pass: what should happen, not a guess, a question or a console's words", () => {
  it("does not take a guess at where it comes from, nor a question, for what should happen", () => {
    for (const text of [
      "The sound drops every minute. Must be coming from the power saving of the card.",
      "Is 3.1 affected too, and do we need to reinstall after the update?",
    ]) expect(expectedIn(text), text).toEqual([]);
    // The same modals still say what should happen.
    expect(expectedIn("The cache needs to be cleared when the user signs out.").length).toBeGreaterThan(0);
    expect(expectedIn("The title must be kept when the tab is moved.").length).toBeGreaterThan(0);
  });

  it("does not take what a console printed under its prompt for what should happen", () => {
    const session = "C:\\tools>svcctl install \"Report Server\"\nThe service is installed.\nWarnings shown here should be read before\nthe service is started.\n\nC:\\tools>svcctl start \"Report Server\"\nNo such service.";
    expect(expectedIn(session)).toEqual([]);
    // Below the session, after a blank line, the reporter speaks again.
    expect(expectedIn(`${session}\n\nThe start should find the service it just installed.`).length).toBe(1);
  });
});

describe("sixth pass: what happens, told as none of a thing doing it", () => {
  it("reads 'none of the X show up' as what happens", () => {
    for (const text of ["Open the form - none of the date fields show up.", "None of the thumbnails load after the first page."]) {
      expect(observedIn(text).filter((r) => !r.generic).length, text).toBeGreaterThan(0);
    }
  });
});

describe("bands, fifth pass: judgements, the reader's time, people's work and the way there told after 'reproduce it'", () => {
  it("reads a negated judgement ('is not good', 'is not acceptable') as a failure named only as judged", () => {
    for (const text of ["The new dashboard is not good.", "Frankly the export is not acceptable for our auditors."]) {
      const found = observedIn(text);
      expect(found.length, text).toBeGreaterThan(0);
      expect(found.every((r) => r.generic), text).toBe(true);
    }
    expect(observedIn("The export is not saved.").some((r) => !r.generic)).toBe(true);
  });

  it("does not read getting a chance or people who cannot do their work as what the program does", () => {
    expect(observedIn("Could somebody have a look at the export when you get a chance.").some((r) => !r.generic)).toBe(false);
    expect(observedIn("Half the office cannot do their work this week.").some((r) => !r.generic)).toBe(false);
    expect(observedIn("When you get a 502 from the gateway the cart is emptied.").some((r) => !r.generic)).toBe(true);
    expect(observedIn("Users cannot do a search on the archive page.").some((r) => !r.generic)).toBe(true);
  });

  it("does not take 'sort it out' for an action, and still reads sorting as one", () => {
    expect(stepsIn("The invoices total the wrong amount. Please sort it out and call me back.").at).toBeNull();
    expect(stepsIn("Sort the table by date, then filter it by region.").at).not.toBeNull();
  });

  it("reads the way there given after 'reproduce it' and where it was seen, and not a patch that fixes it by something", () => {
    const told = "We reproduce it every time on two test phones, both on the beta build, by pairing the watch, closing the app and opening it again.";
    expect(stepsIn(told).at).not.toBeNull();
    expect(stepsIn("The provided patch (see the attachments) fixes this issue by adding a fallback setting.").at).toBeNull();
  });
});

describe("bands, sixth pass: moods, instructions to the team, people's words quoted and a bare comparative", () => {
  it("does not read getting bored or cross, nobody wanting it any more, or 'Do not merge' as what the program does", () => {
    expect(observedIn("Whenever we start the planner we get bored waiting.").some((r) => !r.generic)).toBe(false);
    expect(observedIn("Our staff have had enough, nobody likes the planner anymore").some((r) => !r.generic)).toBe(false);
    expect(observedIn("Assigned to Kim. Do not merge before the audit.").length).toBe(0);
    // Look-alikes: what is seen, a thing that stopped working, and a negation that is the program's.
    expect(observedIn("When we start the planner we get a grey window.").some((r) => !r.generic)).toBe(true);
    expect(observedIn("The planner does not show the weekend shifts anymore").some((r) => !r.generic)).toBe(true);
    expect(observedIn("The planner does not close the dialog after saving.").some((r) => !r.generic)).toBe(true);
  });

  it("takes a quoted 'isn't working' for a person's words and still reads a quoted message as the program's", () => {
    const said = observedIn("Spoke to Maria at Initech: the sync \"is not working properly\". Call her back.");
    expect(said.length).toBeGreaterThan(0);
    expect(said.every((r) => r.generic)).toBe(true);
    expect(observedIn("The sync stops with \"Connection refused\" after a minute.").some((r) => !r.generic)).toBe(true);
  });

  it("reads no expected result in a bare comparative, and one that has a measure or says what", () => {
    expect(expectedIn("The search needs to be faster.")).toHaveLength(0);
    expect(expectedIn("Start-up should be much better!")).toHaveLength(0);
    expect(expectedIn("The search needs to be faster than two seconds for a hundred rows.").length).toBeGreaterThan(0);
    expect(expectedIn("The labels should be better aligned with the fields.").length).toBeGreaterThan(0);
  });
});

describe("seventh pass: a field filled with a placeholder is empty", () => {
  it("reads no expected result in 'Expected results: N/A' and no steps in 'Steps: see above'", () => {
    const form = "Steps to Reproduce:\nsee above\n\nActual Results:\nThe upload bar sits at 100% and the file never appears.\n\nExpected Results:\nN/A";
    expect(expectedIn(form)).toEqual([]);
    expect(stepsIn(form).at).toBeNull();
    expect(scoreTicket({ summary: "Upload never finishes", description: form, issue_type: "Bug" }).findings.map((f) => f.code)).toEqual(
      expect.arrayContaining(["bug.no_expected_result", "bug.no_steps"]));
    // Look-alikes: a field that says something, and "nothing" under Actual, which is what happens.
    expect(expectedIn("Expected Results:\nThe file is listed under Recent.").length).toBeGreaterThan(0);
    expect(stepsIn("Steps to Reproduce:\n1. Open the uploader\n2. Drop a 2 MB file on it").at).not.toBeNull();
    expect(observedIn("Actual Results:\nnothing happens").length).toBeGreaterThan(0);
  });

  it("reads the title's failure where the rest of the form is the tracker's own fields and pointers", () => {
    const form = "User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:20.0) Gecko/20100101 Firefox/20.0\nBuild Identifier: 20130409\n\nReproducible: Always\n\nSteps to Reproduce:\nsee above\n\nActual Results:\nsee above";
    const codes = scoreTicket({ summary: "Print preview stops at page 12", description: form, issue_type: "Bug" }).findings.map((f) => f.code);
    expect(codes).not.toContain("bug.no_actual_result");
    expect(codes).toContain("bug.no_steps");
  });
});

describe("seventh pass: the way there in brackets, after a key, after 'to see it just' and before 'to see it'", () => {
  it("reads a run of actions with a bracket inside one of them", () => {
    expect(stepsIn("Open any of the sample maps (e.g. https://maps.example.org/demo/index.html), zoom in twice, drag the marker.").kinds).toContain("actions");
    expect(stepsIn("Open the map (the big one), then nothing else.").kinds).not.toContain("actions");
  });

  it("reads a key pressed with its modifiers as a step after another, not as a key named alone", () => {
    expect(stepsIn("select a word in the editor, then ctrl+shift+u to make it upper case.").at).not.toBeNull();
    expect(stepsIn("Completion used to work with\nCTRL-SPACE, but after the upgrade the popup never opens.").at).toBeNull();
    expect(stepsIn("Ctrl+Tab\nmoves to the tab on the right, not the last one used.").at).toBeNull();
    expect(stepsIn("Choose the Edit menu. Ctrl-Z does not undo the rename.").at).toBeNull();
  });

  it("reads 'to see it just add ...' as the way there", () => {
    expect(stepsIn("The column rounds down. To see it just put a sleep(2) in a CGI script and request it.").at).not.toBeNull();
    expect(stepsIn("The column rounds down. I just put a sleep in the script.").at).toBeNull();
  });

  it("reads an instruction that ends by saying it shows the failure", () => {
    expect(stepsIn("The charset is ignored. Proxy any page that only has a short meta tag with the filter on to see it.").kinds).toContain("instruction");
    expect(stepsIn("It takes a while to see it.").at).toBeNull();
    expect(stepsIn("Users load the page to see it.").at).toBeNull();
  });

  it("reads actions told after a file's name ('I edit the index.html and reload')", () => {
    expect(stepsIn("I edit the index.html on the server and reload the page but the old one still shows.").at).not.toBeNull();
    expect(stepsIn("I edit the index.html on the server. The old one still shows.").at).toBeNull();
  });

  it("does not take the request in an access log line for one the reporter sends", () => {
    const logged = "The log says 200 for downloads the client dropped:\n\n198.51.100.7 - - [12/Mar/2013:10:02:11 +0100] \"GET /big/file.iso HTTP/1.1\" 200 734003200 \"-\" \"curl/7.29\"";
    expect(stepsIn(logged).kinds).not.toContain("command");
    expect(stepsIn("Send GET /big/file.iso and close the connection after a second.").at).not.toBeNull();
  });
});

describe("seventh pass: what happens and what should, in words missed or misread", () => {
  it("reads a count stopping at a number, something drawn over another and a redirect to an address", () => {
    for (const text of ["Installs stop at 87%", "The sticky header draws over the first row of results.", "A request for /a?q=1 goes to http://example.org/b%3Fq=1 instead."]) {
      expect(observedIn(text).some((r) => !r.generic), text).toBe(true);
    }
  });

  it("reads a title whose thing is left empty or blank", () => {
    for (const text of ["History sidebar empty after restart", "Print preview blank", "Search results empty when offline"]) {
      expect(observedIn(text).some((r) => !r.generic), text).toBe(true);
    }
    expect(observedIn("Leave the fields empty and press Save.").some((r) => !r.generic)).toBe(false);
  });

  it("does not read following the docs, or not reproducing on demand, as what should happen", () => {
    expect(expectedIn("I set it up exactly like the docs say and it still will not start.")).toEqual([]);
    expect(expectedIn("It dies twice a week and I can't reproduce it on demand.")).toEqual([]);
    expect(expectedIn("The docs say the default is 5 seconds.").length).toBeGreaterThan(0);
    expect(expectedIn("I can't reproduce it on 2.2.").length).toBeGreaterThan(0);
  });
});

describe("bands, seventh pass: money with its magnitude, and the steps after a label in the prose", () => {
  it("reads money written with a thousand or a million as what it costs", () => {
    expect(impactIn("The double charges came to about €12k in refunds last month.").length).toBeGreaterThan(0);
    expect(impactIn("We wrote off $1.2m of stock that the counts said was there.").length).toBeGreaterThan(0);
    // A size or a name that runs on after the figure is no money.
    expect(impactIn("The $5mb limit in the config is ignored.")).toHaveLength(0);
  });

  it("counts each part after a steps label in a sentence as a step, whatever its verb", () => {
    const s = stepsIn("The rates page shows the old tariff for every region. Steps: sign in as a broker, look at the tariff box on the rates page.");
    expect(s.at).not.toBeNull();
    expect(s.count).toBe(2);
    // One action after the label is still only what sets it off.
    expect(stepsIn("The rates page shows the old tariff. Steps: look at the tariff box.").at).toBeNull();
    // Words that open a statement after the label are no steps.
    expect(stepsIn("Steps: the broker signs in, it shows the old tariff.").at).toBeNull();
  });
});

describe("bands, seventh pass: a wish for news is no expected result", () => {
  it("drops a need or a wish for an update from the team", () => {
    expect(expectedIn("The client has escalated. We need an update by EOD.")).toHaveLength(0);
    expect(expectedIn("We need an update to the price list before the sale starts.").length).toBeGreaterThan(0);
  });
});

describe("seventh pass, pairs: a status with its reason phrase, and people who do not like it", () => {
  it("reads an HTTP status written with its reason phrase as an error the program gives", () => {
    for (const text of ['"403 Forbidden" when a dispatcher opens the shift board', "The upload answers 413 Payload Too Large for a 3 MB photo"]) {
      expect(observedIn(text).some((r) => !r.generic), text).toBe(true);
    }
    expect(observedIn("Move the 404 page copy to the CMS").some((r) => !r.generic)).toBe(false);
  });

  it("reads people not liking or wanting it as a judgement, not as something the program does not do", () => {
    const felt = observedIn("Dispatchers don't like the new shift board");
    expect(felt.length).toBeGreaterThan(0);
    expect(felt.every((r) => r.generic)).toBe(true);
    expect(observedIn("The shift board doesn't list the night shifts").some((r) => !r.generic)).toBe(true);
  });
});

describe("eighth pass (Firefox): the way there past an example, a step not to take, a command after its settings", () => {
  it("reads a sentence on past 'e.g.' to its second action", () => {
    const text = "Load a gallery page that lazy-loads its thumbnails (most shops do, e.g. https://shop.example.com/c/shoes ...) and switch to print preview. The thumbnails are grey boxes.";
    expect(stepsIn(text).kinds).toContain("actions");
    // One action with its example is still only what sets it off.
    expect(stepsIn("Load a gallery page (e.g. the shoes one). The thumbnails are grey boxes.").kinds).not.toContain("actions");
  });

  it("reads a run of actions with one not to take in it, and 'watch' or 'touch' as a run's action", () => {
    expect(stepsIn("Open the editor with a long file, don't scroll, and watch the memory graph. It climbs by 5 MB a minute.").kinds).toContain("actions");
    expect(stepsIn("Open the map, never zoom, touch the pin. Nothing opens.").kinds).toContain("actions");
    // Told by the reporter, watching is what they do, not a step: "I watch" joins no narrated run.
    expect(stepsIn("I ve cleared the cache. I watch a lot of videos.").at).toBeNull();
  });

  it("reads a program started after its environment settings as a command", () => {
    expect(stepsIn("GDK_BACKEND=wayland MOZ_LOG=Widget:5 firefox\n\nthe window never appears").kinds).toContain("command");
    expect(stepsIn("MALLOC_CHECK_=3 ./httpd -X\n\nit aborts at the first request").kinds).toContain("command");
    // Settings alone, as an environment dump lists them, run nothing.
    expect(stepsIn("LANG=en_US.UTF-8\nPATH=/usr/local/bin:/usr/bin").at).toBeNull();
  });
});

describe("eighth pass (Firefox): a case that works, on the same page and with no fault", () => {
  it("reads another browser that is fine on the same pages", () => {
    expect(expectedIn("It drops frames when scrolling.Opera and Chrome are smooth on the same pages.").map((r) => r.kind)).toContain("working_case");
    // ... and not one with the same fault.
    expect(expectedIn("Chrome shows the same error on the same page.")).toEqual([]);
    expect(expectedIn("Safari is smooth too, so it is the site.")).toEqual([]);
  });

  it("reads another browser that has no such fault", () => {
    expect(expectedIn("Each keystroke lags by 400 ms. Chrome has no noticeable lag on the same page.").map((r) => r.kind)).toContain("working_case");
    expect(expectedIn("Edge shows no flicker at all.").map((r) => r.kind)).toContain("working_case");
    // A failing browser that reports something is no working case.
    expect(expectedIn("The page keeps loading in IE. The IE status bar says the frame is loading.")).toEqual([]);
  });
});

describe("eighth pass (Firefox): a report that opens with its page's markup", () => {
  it("reads the markup and what the browser does with it as the test case", () => {
    const text = '<select size="3" multiple><option>a</option><option>b</option></select>\n\nShift+click on the second option does not select it.';
    expect(stepsIn(text).kinds).toContain("testcase");
    expect(stepsIn(text).at).not.toBeNull();
    // Markup after prose is an example, not the test case the report opens with; markup with no failure after it is
    // only markup; a failure named only as judged says nothing the markup shows.
    expect(stepsIn("The select looks wrong here.\n<select multiple></select>").kinds).not.toContain("testcase");
    expect(stepsIn('<div class="card">\n<p>Hello</p>\n</div>\n\nWe use this on the landing page.').kinds).not.toContain("testcase");
    expect(stepsIn("<video src=a.webm controls></video>\n\nbroken").kinds).not.toContain("testcase");
  });
});

describe("eighth pass (Firefox): a settings file named as the reporter's own, with its lines", () => {
  it("reads 'Our policies.json:' and the line under it as the setup", () => {
    expect(stepsIn('Our policies.json:\n\n{"policies": {"BlockAboutConfig": true}}\n\nabout:config still opens.').kinds).toContain("repro");
    expect(stepsIn("my user.js:\nuser_pref(\"browser.tabs.warnOnClose\", false);\n\nit still warns").kinds).toContain("repro");
    // A file named in passing, with prose after it, is no setup.
    expect(stepsIn("The policies.json:\nI did not change it since the update.").kinds).not.toContain("repro");
  });
});

describe("eighth pass: the reporter's search for a setting or for help is no account of what happens", () => {
  it("reads no failure in 'I couldn't find it in the docs' or 'people will never find it'", () => {
    for (const text of ["Is there a pref for this? I couldnt find one in Preferences.", "I looked in the manual and found nothing about it.",
      "Today you have to edit about:config, which most users would never find.", "We did not find it in the FAQ either."]) expect(observedIn(text), text).toEqual([]);
    // The program's own failure to find, and a reporter's thing that is gone, are what happens.
    expect(observedIn("The updater could not find the staging directory.").length).toBeGreaterThan(0);
    expect(observedIn("After the update I cannot find my saved passwords.").length).toBeGreaterThan(0);
    expect(observedIn("The search in the docs found nothing for 'proxy'.").length).toBeGreaterThan(0);
  });

  it("reads no failure in a purpose clause: 'so we get wider testing'", () => {
    expect(observedIn("Turn it on by default on Nightly so we get wider testing.")).toEqual([]);
    expect(observedIn("When I open the page we get a blank tab.").length).toBeGreaterThan(0);
  });

  it("asks a question filed as a bug for what happens", () => {
    const codes = scoreTicket({ summary: "Is there a way to hide the sponsored tiles?", description: "Is there a way to hide them on the new tab page? I couldnt find a setting for it in Options. Thanks",
      issue_type: "Bug" }).findings.map((f) => f.code);
    expect(codes).toContain("bug.no_actual_result");
  });

  it("tells a request filed as a bug that it says nothing of what happens now, and a failure's report what is seen", () => {
    const request = scoreTicket({ summary: "Add an option to turn off tab animations", description: "The animations make me dizzy. Please add a checkbox in Preferences to turn them off.",
      issue_type: "Bug" }).findings.find((f) => f.code === "bug.no_actual_result");
    expect(request?.message).toContain("asks for a change but does not say what happens now");
    const failure = scoreTicket({ summary: "Sync", description: "Sync on my laptop since yesterday, after I changed the password on my phone. Please look at it.", issue_type: "Bug" })
      .findings.find((f) => f.code === "bug.no_actual_result");
    expect(failure?.message).toBe('"Sync" does not say what actually happens.');
    // ... and is not told it says what goes wrong.
    expect(scoreTicket({ summary: "Sync", description: "Sync on my laptop since yesterday, after I changed the password on my phone. Please look at it.", issue_type: "Bug" })
      .findings.find((f) => f.code === "bug.no_expected_result")?.message).toContain("says neither what goes wrong nor what should happen");
  });
});

describe("eighth pass (httpd)", () => {
  it("reads 'fails to <verb>' as the operation that fails, and 'fails to work' as a judgement", () => {
    expect(observedIn("The worker fails to bind the port after a reload").some((r) => !r.generic)).toBe(true);
    expect(observedIn("The proxy fails to work").some((r) => !r.generic)).toBe(false);
    // A title that names its operation stands as what is seen under a description that only repeats it.
    const codes = scoreTicket({ summary: "graceful restart fails to reopen the logs", description: "graceful restart fails to reopen the logs", issue_type: "Bug" }).findings.map((f) => f.code);
    expect(codes).not.toContain("bug.no_actual_result");
    expect(scoreTicket({ summary: "mod_foo is broken", description: "mod_foo is broken", issue_type: "Bug" }).findings.map((f) => f.code)).toContain("bug.no_actual_result");
  });

  it("reads a quoted text that should be another as what is there", () => {
    expect(observedIn('The help page spells it "recieve"; "recieve" should be "receive".').some((r) => !r.generic)).toBe(true);
    expect(observedIn("The sample config should be shorter.").some((r) => !r.generic)).toBe(false);
  });

  it("leaves an empty 'Expected Results:' empty above a form's field joined by '&'", () => {
    const form = "The tunnel closes after a minute.\n\nExpected Results:\n\n\nBuild Date & Platform: 2015-01-02 Debian 8";
    expect(expectedIn(form)).toEqual([]);
    expect(stepsIn(form).trigger).toBeUndefined();
    expect(expectedIn("Expected Results:\nThe tunnel stays open.\n\nBuild Date & Platform: 2015-01-02 Debian 8").length).toBeGreaterThan(0);
  });

  it("reads a program that should ask as what should happen, and people who should ask as no expectation", () => {
    expect(expectedIn("The form posts straight away. It should ask for a confirmation first.").length).toBeGreaterThan(0);
    expect(expectedIn("The installer should ask where to put the logs.").length).toBeGreaterThan(0);
    expect(expectedIn("We should ask the vendor about it.")).toEqual([]);
  });

  it("reads the same thing done right in another case as a case that works", () => {
    expect(expectedIn("The cached copy keeps the header, not the same way it is done for a fresh response.").some((r) => r.kind === "working_case")).toBe(true);
    expect(expectedIn("It is done the same way every time.")).toEqual([]);
  });

  it("does not read what people do anyway, or the purpose of a wish, as what happens", () => {
    expect(observedIn("Admins switch that default off anyway.")).toEqual([]);
    expect(observedIn("The child restarts and crashes anyway.").length).toBeGreaterThan(0);
    expect(observedIn("It would be nice to log the port too, so that nobody has to guess which vhost didn't answer.")).toEqual([]);
    expect(observedIn("It would be nice to log the port. Right now the vhost doesn't answer.").length).toBeGreaterThan(0);
  });

  it("does not take an option named by likeness for a command run", () => {
    expect(stepsIn("Would be good to have a flag like -q for the rotate tool.").at).toBeNull();
    expect(stepsIn("A configure switch like --without-samples would save packagers a step.").at).toBeNull();
    expect(stepsIn("Build it with --without-samples and start it.").kinds).toContain("command");
  });

  it("reads one directive with a request told in words as the way there", () => {
    expect(stepsIn("With\n\nProxyPassMatch ^/(.*\\.cgi)$ fcgi://127.0.0.1:9000/srv/$1\n\nevery .cgi request gets a 502.").kinds).toContain("config");
    expect(stepsIn("With\n\nAddHandler cgi-script .pl\n\na script named x.pl.bak is run when requested.").kinds).toContain("config");
    // One directive and nothing that meets it stays no steps.
    expect(stepsIn("I have\n\nProxyPassMatch ^/(.*\\.cgi)$ fcgi://127.0.0.1:9000/srv/$1\n\nand it is slow.").at).toBeNull();
  });
});

describe("ninth pass (Firefox): what should happen, as 'Correct would be' and as another browser's behaviour told after it", () => {
  it("reads 'Correct would be ...' as what should happen", () => {
    expect(expectedIn('The street field gets "Main St 12". Correct would be "Main St" and "12" in the number field.').map((r) => r.kind)).toContain("expect");
    expect(expectedIn("Correct is: 3 rows.").length).toBeGreaterThan(0);
    // A word, not the statement of what should be.
    expect(expectedIn("Right is not the word for it.")).toEqual([]);
  });

  it("reads 'In Chrome <it does what it should>' as the case that works, not a failure told there", () => {
    expect(expectedIn("The screen reader stays silent. In Chrome the screen reader reads the message at once.").map((r) => r.kind)).toContain("working_case");
    expect(expectedIn("a two-finger swipe does nothing, in chrome it goes back a page.").map((r) => r.kind)).toContain("working_case");
    for (const text of ["In Chrome the same thing happens.", "In Chrome it also fails to load.", "In Chrome DevTools I see the request going out.",
      "In Safari, the layout breaks too.", "In Chrome it behaves differently: the button stays grey."]) expect(expectedIn(text), text).toEqual([]);
  });
});

describe("ninth pass (Firefox): a program run by its path after a shell's prompt", () => {
  it("reads '$ /path/to/program' as a command, not a price", () => {
    expect(stepsIn("I tried it from a terminal:\n\n$ /opt/firefox/firefox --ProfileManager\nSegmentation fault").kinds).toContain("command");
    expect(stepsIn("$ ./objdir/dist/bin/firefox").kinds).toContain("command");
    expect(stepsIn("It costs $ /month more than the old plan.").at).toBeNull();
  });
});

describe("bands, eighth pass: a form left empty", () => {
  it("blanks a label joined by '&' and an issue form's '_No response_' or empty code fence", () => {
    const form = "Steps to Reproduce:\n1.\n2.\n\nExpected Results:\n\n\nDevice & Version:\n\n\nNotes:\n";
    expect(withoutLabels(form).trim()).toBe("");
    expect(expectedIn(form)).toEqual([]);
    const issueForm = "### What did you see?\n\n_No response_\n\n### How do we get there?\n\n_No response_\n\n### Logs\n\n```text\n\n```";
    expect(withoutLabels(issueForm).trim()).toBe("");
    const t = { summary: "sync issue", description: issueForm, issue_type: "Bug" as const };
    expect(scoreTicket(t).findings.map((f) => f.code)).toEqual(expect.arrayContaining(["bug.no_steps", "bug.no_expected_result"]));
    expect(Math.round(scoreTicket(t).overall_score * 10)).toBeLessThanOrEqual(40);
  });

  it("keeps a label joined by '&' with content under it, and a fence with code in it", () => {
    expect(withoutLabels("Device & Version:\nPixel 8, app 5.1.0")).toBe("Device & Version:\nPixel 8, app 5.1.0");
    const logs = "### Logs\n\n```text\nERROR sync: quota exceeded\n```";
    expect(withoutLabels(logs)).toBe(logs);
  });
});

describe("bands, eighth pass: a template left as it came", () => {
  const template = "**What went wrong**\nA short description of what the problem is.\n\n**How to see it**\nSteps to reproduce the behaviour:\n" +
    "1. Open '...'\n2. Tap '...'\n3. Scroll to '...'\n4. See the problem\n\n**What you expected**\nA clear description of what you expected instead.\n\n" +
    "**Device**\n- Phone: [e.g. Pixel 8]\n- App version [e.g. 5.1]\n\n**Anything else**\nAdd any other context about the problem here.";

  it("reads no steps, no expected result and nothing seen in the template's prompts and examples", () => {
    expect(withoutLabels(template).trim()).toBe("");
    expect(expectedIn(template)).toEqual([]);
    expect(stepsIn(template).at).toBeNull();
    const t = { summary: "[Bug]", description: template, issue_type: "Bug" as const };
    expect(scoreTicket(t).findings.map((f) => f.code)).toEqual(expect.arrayContaining(["bug.no_steps", "bug.no_expected_result", "bug.no_actual_result", "bug.no_environment"]));
    expect(Math.round(scoreTicket(t).overall_score * 10)).toBeLessThanOrEqual(40);
  });

  it("keeps what the reporter wrote into it", () => {
    const filled = template.replace("A short description of what the problem is.", "The map stays grey after login.")
      .replace("1. Open '...'\n2. Tap '...'\n3. Scroll to '...'\n4. See the problem", "1. Open Trips\n2. Tap Today\n3. The map stays grey")
      .replace("A clear description of what you expected instead.", "The map shows today's stops.");
    expect(stepsIn(filled).at).not.toBeNull();
    expect(expectedIn(filled).length).toBeGreaterThan(0);
    // One field filled in of three is the reporter's, and names where it ran.
    expect(withoutLabels("Device:\n- Phone: Pixel 8\n- App version [e.g. 5.1]")).toContain("Pixel 8");
    expect(scoreTicket({ summary: "Map stays grey", description: filled.replace("- Phone: [e.g. Pixel 8]", "- Phone: Pixel 8"), issue_type: "Bug" }).findings.map((f) => f.code))
      .not.toContain("bug.no_environment");
  });
});

describe("bands, eighth pass: counts of the people a service has and of what they book, not the team at work", () => {
  it("reads applicants, volunteers, trips and complaints counted as who is hurt", () => {
    for (const text of [
      "Since Monday 35 applicants have lost the answers they typed.",
      "About 2,400 trips a day are planned with the wrong platform.",
      "The helpdesk has logged 80 complaints since the release.",
      "We have 120 volunteers entering results on the night.",
    ]) expect(reads(impactIn(text)), text).toBe(true);
  });

  it("reads no count of a program's parts, and no one looking into it", () => {
    for (const text of [
      "Having 2 applications open makes the switcher slow.",
      "Create 2 branches from main and merge one into the other.",
      "Is anyone looking into this? Anybody checking the logs?",
    ]) expect(reads(impactIn(text)), text).toBe(false);
    expect(reads(impactIn("Anyone printing on A4 gets a blank second page."))).toBe(true);
  });
});

describe("bands, eighth pass: a fenced command is the way there, read from its first line", () => {
  it("quotes the command, not the fence, and gives no steps finding", () => {
    const text = "### Command\n\n```\nimgpack resize --width 0 banner.png -o out.png\n```\n\n### Result\n\n```\nSegmentation fault (core dumped)\n```";
    const at = stepsIn(text).at!;
    expect(text.slice(at.start, at.end)).toBe("imgpack resize --width 0 banner.png -o out.png");
    const t = { summary: "imgpack resize with --width 0 crashes", description: `${text}\n\nExpected: an error that the width must be positive.`, issue_type: "Bug" as const };
    expect(scoreTicket(t).findings.map((f) => f.code)).not.toContain("bug.no_steps");
  });
});

describe("bands, eighth pass: 'still' before a judged word says it again", () => {
  it("reads 'still broken' and 'still not working' as judged, 'still shows 4' as what is seen", () => {
    for (const text of ["Reopened: still broken.", "The export is still not working for us."]) {
      const found = observedIn(text);
      expect(found.length, text).toBeGreaterThan(0);
      expect(found.every((r) => r.generic), text).toBe(true);
    }
    expect(observedIn("The counter still shows 3 after the last item is removed.").some((r) => !r.generic)).toBe(true);
    const t = { summary: "Still broken", description: "Reopening this. Still broken, see the earlier ticket.", issue_type: "Bug" as const };
    expect(Math.round(scoreTicket(t).overall_score * 10)).toBeLessThanOrEqual(40);
  });
});

describe("bands, eighth pass: what the reporter expects of people, feels, and asks the team not to do", () => {
  it("reads no expected result in what is expected of people", () => {
    expect(expectedIn("I expect somebody senior to take this seriously.")).toEqual([]);
    expect(expectedIn("We expect a reply before the weekend.")).toEqual([]);
    expect(expectedIn("I expect the export to keep the column order.").length).toBeGreaterThan(0);
  });

  it("reads nothing that happens in a mood, a plea not to ask, or the reporter telling it again", () => {
    for (const text of [
      "We have never been so annoyed with a release.",
      "Please don't contact me again about logs.",
      "I have described it three times to your colleagues.",
    ]) expect(observedIn(text), text).toEqual([]);
    for (const text of ["The draft has never been saved to the server.", "Tapping Retry does not ask for the PIN again."]) {
      expect(observedIn(text).length, text).toBeGreaterThan(0);
    }
  });
});

describe("bands, eighth pass: what came with a release is no case that works", () => {
  it("reads 'changed in the last release' as no expected result, 'worked in the previous release' as one", () => {
    expect(expectedIn("The rounding changed in the last release, not sure how.")).toEqual([]);
    expect(expectedIn("This was introduced in the previous version.")).toEqual([]);
    expect(expectedIn("Totals were rounded to cents in the previous release.").length).toBeGreaterThan(0);
    expect(expectedIn("In the previous version the totals were rounded to cents.").length).toBeGreaterThan(0);
  });
});

describe("bands, eighth pass: a contracted negation before a working word", () => {
  it("reads no case that works in 'isn't working well', 'doesn't work as expected', 'doesnt work properly'", () => {
    for (const text of ["Checkout isn't working well for some people.", "The filter doesn't work as expected.", "Sync doesnt work properly on tablets."]) {
      expect(expectedIn(text), text).toEqual([]);
    }
    for (const text of ["Checkout is working well on the web.", "The element works fine in Safari."]) expect(expectedIn(text).length, text).toBeGreaterThan(0);
  });
});

describe("bands, eighth pass: a question put to the team sets nothing off", () => {
  it("reads no trigger in 'Can we check these?', and still one in a statement", () => {
    expect(stepsIn("A few drivers wrote in about the route sheets. Can we check them?").trigger).toBeUndefined();
    expect(stepsIn("Could someone look at the exports when they get a moment?").trigger).toBeUndefined();
    expect(stepsIn("When I print the route sheet, the last stop is cut off.").trigger).toBeDefined();
    // A "?" inside a URL ends no sentence.
    expect(stepsIn("When uploading a photo at http://example.com/upload.php?id=4 the page reloads empty.").trigger).toBeDefined();
  });
});

describe("bands, eighth pass: a setting in a state sets the failure off", () => {
  it("reads 'With X ticked,' and 'With dark mode on,' as a trigger, not as steps", () => {
    for (const text of ["With 'Hide weekends' ticked, the calendar still shows Saturday.", "With dark mode on, the invoice total is black on black."]) {
      const read = stepsIn(text);
      expect(read.at, text).toBeNull();
      expect(read.trigger, text).toBeDefined();
    }
    expect(stepsIn("With regards to the calendar, it is slow.").trigger).toBeUndefined();
  });
});

describe("ninth pass (httpd)", () => {
  it("does not take a program's option letter for a person before a modal", () => {
    expect(expectedIn("Read from a pipe with -i it should refuse the password, as the prompt does.").length).toBeGreaterThan(0);
    expect(expectedIn("With -u it must keep the old hash.").length).toBeGreaterThan(0);
    // The reporter's own "should" is still no expectation of the program.
    expect(expectedIn("I should have read the manual first.")).toEqual([]);
  });

  it("reads 'I need all of them to ...' as a wish, as 'I need the ...' is", () => {
    expect(expectedIn("Only one header is rewritten. I need every header to carry the flag.").some((r) => r.kind === "wish")).toBe(true);
    expect(expectedIn("Only one header is rewritten. I need all of them to carry the flag.").some((r) => r.kind === "wish")).toBe(true);
  });

  it("reads a quoted correction with an arrow as what should be there, only in a report on a typo", () => {
    const codes = (summary: string, description: string) => scoreTicket({ summary, description, issue_type: "Bug" }).findings.map((f) => f.code);
    expect(codes("Typo in the mod_example page", 'The Timeout paragraph says "less then 5" -> "less than 5".')).not.toContain("bug.no_expected_result");
    // Elsewhere a quoted arrow is a menu's path.
    expect(codes("Sync on save does not upload", 'I use "Sync" -> "Upload on save" and the file is not uploaded.')).toContain("bug.no_expected_result");
  });

  it("leaves a title's account standing under a description that points at it and names where it ran", () => {
    const codes = (description: string) => scoreTicket({ summary: "rotatelogs -f doesn't truncate the old file", description, issue_type: "Bug" }).findings.map((f) => f.code);
    expect(codes("see title, httpd 2.4.57 on Debian 12")).not.toContain("bug.no_actual_result");
    expect(codes("As in the summary. FreeBSD 13, 2.4.57.")).not.toContain("bug.no_actual_result");
  });

  it("reads a directive that takes an option away as a configuration line", () => {
    expect(stepsIn("I added this line to the vhost:\n\nOptions -MultiViews\n\nand every page now answers 406.").kinds).toContain("config");
    // A line that is a sentence stays prose.
    expect(stepsIn("Options -MultiViews is what the docs suggest.").kinds).not.toContain("config");
  });

  it("reads one directive with a test script requested with curl as the way there", () => {
    const text = "With\n\nScriptLog logs/script_log\n\nnothing the script prints reaches the log. Test script:\n\n#!/bin/sh\necho oops >&2\n\nRequest it with curl.";
    expect(stepsIn(text).kinds).toContain("config");
    // Without the directive the request alone is no way there.
    expect(stepsIn("Nothing the script prints reaches the log. Request it with curl.").at).toBeNull();
  });

  it("does not cut a wish's purpose at a dot inside a name", () => {
    expect(observedIn("It would be nice if the server took its sockets from systemd so that httpd.socket can start it and reloads do not drop connections.")).toEqual([]);
    expect(observedIn("Since httpd.socket starts it, reloads do not keep the listen queue.").length).toBeGreaterThan(0);
  });

  it("does not read an indirect question as what happens", () => {
    expect(observedIn("We have to find out which clients still send SSLv3 hellos before we turn it off.")).toEqual([]);
    expect(observedIn("I wonder whether the cache still keeps stale entries.")).toEqual([]);
    expect(observedIn("I checked whether the module is loaded and the cache still keeps stale entries.").length).toBeGreaterThan(0);
  });
});

describe("ninth pass (Firefox): a list item that sets its scene without a comma", () => {
  it("reads '1. In a Work container tab open https://...' as a step", () => {
    const list = "1. In a private window open https://shop.example/cart\n2. In a normal window open https://shop.example/cart\n3. The cart shows the private window's items";
    expect(stepsIn(list).kinds).toContain("actions");
    expect(stepsIn("- In the Files tab click the Upload button\n- In the dialog pick a 3 GB file").kinds).toContain("actions");
    // A sentence, not a list item, and a scene whose "verb" is a word of the sentence, are no steps.
    expect(stepsIn("On Windows open a new window. It crashes.").kinds).not.toContain("actions");
    expect(stepsIn("1. In the list open items are shown in grey\n2. In the table sort order is lost").kinds).not.toContain("actions");
  });
});

describe("ninth pass (Firefox): what happens, told by a page's address, a value back where it was, a share of the screen", () => {
  it("reads a page named by its address that shows a message", () => {
    expect(observedIn('https://tickets.example/checkout says "Your browser is not supported" on Firefox 122.').length).toBeGreaterThan(0);
    expect(observedIn("https://tickets.example/checkout is where we buy tickets.")).toEqual([]);
  });

  it("reads a value that returns to where it started, and a share of the screen something takes", () => {
    expect(observedIn("Reopen the tab. The zoom is back to 100%.").length).toBeGreaterThan(0);
    expect(observedIn("After a reload the counter jumps back to 0.").length).toBeGreaterThan(0);
    expect(observedIn("On a 1366x768 laptop the toolbars take up almost 1/5 of the screen.").length).toBeGreaterThan(0);
    expect(observedIn("We will come back to the zoom question later.")).toEqual([]);
  });
});

describe("tenth pass (Firefox): a title's subject named by a verb of the request list", () => {
  it("reads 'Update fails ...' and 'Sort is wrong' as failures, and 'Update the docs' as a request", () => {
    expect(titleAsksFor("Update fails with 'Download corrupt (200)' behind a proxy")).toBeNull();
    expect(titleAsksFor("Sort is wrong for names with accents")).toBeNull();
    expect(titleAsksFor("Merge loses the second parent")).toBeNull();
    expect(titleAsksFor("Update the proxy docs for 2.4")).not.toBeNull();
    expect(titleAsksFor("Show the full path in the tooltip")).not.toBeNull();
  });
});

describe("tenth pass (Firefox): the case that works told on the same input", () => {
  it("reads 'In Chrome the same file downloads fine' as a case that works, and still not the same failure", () => {
    expect(expectedIn("It stalls at 99%. In Chrome same file is finish in 2 minute and is ok.").map((r) => r.kind)).toContain("working_case");
    expect(expectedIn("It stalls. In Chrome the same file downloads in a minute.").map((r) => r.kind)).toContain("working_case");
    for (const text of ["In Chrome the same thing happens.", "In Chrome the same file fails too.", "Chrome has the same problem."]) expect(expectedIn(text), text).toEqual([]);
  });
});

describe("tenth pass (Firefox): test cases given as markup, a data: image, a labelled link or a minimal script", () => {
  it("reads markup under the sentence that names its element or its page", () => {
    expect(stepsIn('This select loses its value on reload:\n\n<select name="x"><option>a</option><option selected>b</option></select>').kinds).toContain("testcase");
    expect(stepsIn("A page with no charset:\n\n<p>Grüße</p>\n\nis shown as Latin-1.").kinds).toContain("testcase");
    // Markup that is not the element named: the reporter's quote of what they saw.
    expect(stepsIn("The error says this:\n\n<b>Forbidden</b>").kinds).not.toContain("testcase");
  });

  it("reads an SVG written into a data: URL and a 'Test:' link as the test case", () => {
    expect(stepsIn('data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"><text x="5" y="20">hi</text></svg>\n\nThe text is cut off.').kinds).toContain("link");
    expect(stepsIn("Test: https://tests.example.org/cookies/samesite-lax.html\n\nThe cookie is sent anyway.").kinds).toContain("link");
    expect(stepsIn("We tested: the cookie is sent anyway.").at).toBeNull();
  });

  it("reads 'Minimal:' over a line of code as the reproduction", () => {
    expect(stepsIn('It saves as .htm. Minimal:\n\nlocation.href = URL.createObjectURL(new Blob(["x"]));').kinds).toContain("repro");
    expect(stepsIn("The impact is minimal: a few users noticed.").at).toBeNull();
  });
});

describe("tenth pass (Firefox): a Windows command with '/' options", () => {
  it("reads 'msiexec /i setup.msi /qn' as a command, its '/i' no word of a sentence", () => {
    expect(stepsIn('msiexec /i "Setup 1.0.msi" TARGETDIR="D:\\Apps" /qn\n\nIt installs to C: anyway.').kinds).toContain("command");
    expect(stepsIn("note /a is the alias of the share").kinds).not.toContain("command");
  });
});

describe("tenth pass (Firefox): what happens told in the words of what should happen", () => {
  it("reads 'pauses on line 9' beside 'should pause on line 12'", () => {
    const text = "The debugger pauses on line 9 and highlights it. It should pause on line 12 where the breakpoint is.";
    expect(observedIn(text).map((r) => text.slice(r.start, r.end))).toContain("pauses");
  });

  it("does not read the act inside a name, a condition, or the expectation's own sentence", () => {
    expect(observedIn("The pref image.avif.enabled exists. Firefox should enable it by default.")).toEqual([]);
    expect(observedIn("Sites would serve it if more browsers advertised it. Firefox should advertise it too.")).toEqual([]);
    expect(observedIn("It should pause where it pauses in Chrome.")).toEqual([]);
  });
});

describe("tenth pass (Firefox): a control's label and a form's expected section are no account of what happens", () => {
  it("does not read a quoted button label after the act that uses it", () => {
    expect(observedIn('2. Click "Continue to the old site"\n3. Reload')).toEqual([]);
    expect(observedIn('Press "Keep waiting" in the dialog.')).toEqual([]);
    // A message quoted as what is shown is read.
    expect(observedIn('The dialog says "Update failed" and closes.').length).toBeGreaterThan(0);
  });

  it("does not read what the Expected results section holds", () => {
    const form = "Actual results:\n\nIt hangs.\n\nExpected results:\n\nThe exception list is kept after a restart.\n\nNotes:\nnone";
    const read = observedIn(form).map((r) => form.slice(r.start, r.end));
    expect(read).toContain("hangs");
    expect(read).not.toContain("exception");
  });
});

describe("tenth pass (Firefox): keys pressed one after another in one clause", () => {
  it("reads 'When I press F6 ... and then Tab' and 'Hit Alt+D, then Enter' as the way there", () => {
    expect(stepsIn("When I press F6 to reach the toolbar and then Tab, the focus skips the extensions button.").kinds).toContain("actions");
    expect(stepsIn("Hit Alt+D, then Enter: nothing happens.").at).not.toBeNull();
    // One key is one action.
    expect(stepsIn("I pressed Tab and it broke.").at).toBeNull();
  });
});

describe("tenth pass (Firefox): a prompt the program puts to the user", () => {
  it("reads 'asks me if' of a program, not of a person", () => {
    expect(observedIn("Every site now asks me if I want to allow notifications.").length).toBeGreaterThan(0);
    expect(observedIn("The installer prompts me whether to keep the old profile.").length).toBeGreaterThan(0);
    expect(observedIn("The customer asked me if we can add it.")).toEqual([]);
    expect(observedIn("My manager asked me whether it works.")).toEqual([]);
  });
});

describe("tenth pass (Firefox): what it did before, as the case that worked", () => {
  it("reads 'It used to keep ...', 'Previously it kept ...' and 'In Firefox before it keep ...'", () => {
    for (const text of ["The zoom resets. It used to keep the zoom for each site.", "The zoom resets. Previously it kept the zoom per site.",
      "The zoom resets. In Firefox before it keep the zoom for each site.", "Before, it remembered the zoom."]) {
      expect(expectedIn(text).map((r) => r.kind), text).toContain("working_case");
    }
  });

  it("does not read a past failure, a participle or a clause of time", () => {
    for (const text of ["It used to crash too.", "The method used to fetch the list is a plain GET.", "Save your work before it closes.", "Previously it also failed."]) {
      expect(expectedIn(text), text).toEqual([]);
    }
  });
});

describe("tenth pass (Firefox): what a wish asks to be done is no account of what happens", () => {
  it("does not read inside 'it would be nice to ...', up to its clause's end", () => {
    expect(observedIn("It would be nice to throttle only the images to Slow 3G and leave the scripts alone.")).toEqual([]);
    expect(observedIn("I'd like to see the broken links in a list of their own.")).toEqual([]);
    // After the wish's clause, what happens is read.
    expect(observedIn("It would be nice to have a faster list, it is slow.").length).toBeGreaterThan(0);
  });
});

describe("tenth pass (httpd): what should happen, not read from a question nor missed in a case that works", () => {
  it("does not read 'needs to' asked with the auxiliary before its subject", () => {
    expect(expectedIn("Does it need to be switched on with SSLCompression as well?")).toEqual([]);
    expect(expectedIn("Which module do I load, and does the proxy need to be restarted after that?")).toEqual([]);
    // Said, not asked, it is what should be.
    expect(expectedIn("The proxy needs to keep the Host header of the request.").length).toBeGreaterThan(0);
    expect(expectedIn("It does need to log the failed request.").length).toBeGreaterThan(0);
  });
});

describe("tenth pass (httpd): the same input in another place and what it gives there", () => {
  it("reads the place named first, the same input and its result as a case that works", () => {
    const working = (text: string) => expectedIn(text).filter((r) => r.kind === "working_case");
    expect(working("The header comes back as X-Tier: edge.\n\nIn the global server config the same blocks give X-Tier: origin.").length).toBeGreaterThan(0);
    expect(working("On the staging box the same request returns a 301 to the https address.").length).toBeGreaterThan(0);
    // A failure, a negation or the same result again in what it gives is the failure there too.
    expect(working("In the global server config the same blocks give the same wrong header.")).toEqual([]);
    expect(working("On the staging box the same request returns no Location header.")).toEqual([]);
    expect(working("In the log the same lines show an error.")).toEqual([]);
  });
});

describe("tenth pass (httpd): a command run after a root shell's prompt", () => {
  it("reads '# systemctl ...' and '# apachectl ...' with their arguments as commands", () => {
    expect(stepsIn("# systemctl restart apache2\nJob for apache2.service failed.\n# journalctl -u apache2").kinds).toContain("command");
    expect(stepsIn("# apachectl graceful\n\nThe old children never exit.").kinds).toContain("command");
    // A comment, a heading and a sentence after the sign are no commands.
    expect(stepsIn("# expire the images after a week in the cache\nExpiresActive On").kinds).not.toContain("command");
    expect(stepsIn("# Totals\n\nThe sum is wrong.").kinds).not.toContain("command");
    expect(stepsIn("# service names\n\nThe list is empty.").kinds).not.toContain("command");
  });
});

describe("tenth pass (httpd): a check told with nothing checked after it", () => {
  it("does not read 'I have checked.' as a step: it vouches for what was said", () => {
    const text = "After a day the workers stop answering. When I restart the helper program, requests go through again. The helper writes one line per answer, I have checked.";
    expect(stepsIn(text).at).toBeNull();
    expect(stepsIn("The cache directory is writable, I verified.\nAfter a reload the cache is empty.").at).toBeNull();
    // A check with what was checked is an action told, and two of them are the way there.
    expect(stepsIn("I checked the box under Sharing and I pressed Save.").kinds).toContain("narrated");
  });
});

describe("tenth pass (httpd): a sentence that names a section by its bare opening", () => {
  it("does not read a sentence naming '<If>' as a line of markup", () => {
    const text = "Feature wish: we would like one error page per country, like\nErrorDocument 403 /denied/%{ENV:COUNTRY}.html\nThe value is only read as a plain string today. Please add support for it inside <If> blocks as well, merged the usual way.";
    expect(stepsIn(text).at).toBeNull();
    // Markup with attributes or a closing tag, run into a sentence, is still a snippet, and two of its lines are the way there.
    expect(stepsIn('For this page, <img src="/a.png" alt="">  <img src="/b.png"> each image is checked twice.\n<p>Sample</p>').kinds).toContain("code");
  });
});

describe("tenth pass (httpd): something made impossible", () => {
  it("reads 'makes X impossible' as what happens", () => {
    expect(observedIn("See the title. Makes chunked uploads impossible.").length).toBeGreaterThan(0);
    expect(observedIn("The new limit made large imports nearly impossible.").length).toBeGreaterThan(0);
    // A judgement and a statement that something is possible say nothing seen.
    expect(observedIn("That seems impossible given the settings I use.")).toEqual([]);
    expect(observedIn("The new option makes large imports possible.")).toEqual([]);
  });
});

describe("eleventh pass (Firefox): an instruction in lower case, a browser that keeps it right, a snippet's result, a prompt's environment", () => {
  it("reads 'right click on any page to see it' as an instruction, as with its capital", () => {
    expect(stepsIn("The entry is cut off. right click on any page to see it.").kinds).toContain("instruction");
    expect(stepsIn("you need a restart to see it.").kinds).not.toContain("instruction");
  });

  it("reads another browser that keeps it right as the case that works, not one that keeps failing", () => {
    expect(expectedIn("The third box overflows. Chrome 124 and Safari 17.4 keep all three inside.").map((r) => r.kind)).toContain("working_case");
    expect(expectedIn("The like button fails on IE (the frame keeps loading)")).toEqual([]);
  });

  it("reads code or markup with what running it gives, told right under it, as the test case", () => {
    expect(stepsIn("const a = new AudioContext();\nconsole.log(a.outputLatency);\n\nOn Linux this prints 0.").kinds).toContain("testcase");
    expect(stepsIn('<input type="date" id="d" value="2024-03-10">\n<script>console.log(d.valueAsDate)</script>\n\nFirefox prints 2024-03-09.').kinds).toContain("testcase");
    expect(stepsIn("const a = 1;\nlet b = 2;\n\nThis gives me a headache.").kinds).not.toContain("testcase");
  });

  it("reads a program started after a prompt with its environment settings", () => {
    expect(stepsIn("$ MOZ_ENABLE_WAYLAND=1 ./firefox -P clean\n[GFX1-]: Failed to make EGL context current").kinds).toContain("command");
  });
});

describe("eleventh pass (Firefox): more cases that work, and an elided quote inside a sentence", () => {
  it("reads another program's right result, a version that was fine and what it was before", () => {
    for (const text of ["The zoom resets. Chrome remembers it.", "It picks 640x480. Chrome gives 1920x1080 on the same machine.",
      "It stops at 4 GB. curl downloads the same file fine.", "Since 120 all text is blurry. 119 was sharp.",
      "After the update it starts in English, before was in Spanish.", "It prints only the first page. In edge is working."]) {
      expect(expectedIn(text).map((r) => r.kind), text).toContain("working_case");
    }
    for (const text of ["Chrome gives an error too.", "Chrome gives the same result.", "Drag it to the edge of the dialog.", "Save your work before it closes.", "Before, it was broken too."]) {
      expect(expectedIn(text), text).toEqual([]);
    }
  });

  it("keeps an Expected results section whose sentence holds an elided quote", () => {
    const form = "Actual results:\n\nThe server answers 400.\n\nExpected results:\n\nThe copied command should send the same request (it quotes the body as $'...').";
    expect(scoreTicket({ summary: "Copy as cURL breaks form bodies", description: form, issue_type: "Bug" }).findings.map((f) => f.code)).not.toContain("bug.no_expected_result");
    // A template's own short line is still the template's.
    const template = "Steps to reproduce:\n1. Go to '...'\n2. Click on '....'\n3. Scroll down to '....'\n4. See error";
    expect(scoreTicket({ summary: "Bug", description: template, issue_type: "Bug" }).findings.map((f) => f.code)).toContain("bug.no_steps");
  });
});

describe("eleventh pass (Firefox): a steps label run into its sentence, a short markup paragraph further down", () => {
  it("reads 'Steps:' with no space before or after it", () => {
    expect(stepsIn("It keeps the email.Steps:go to https://shop.example/register ,fill name,email,password,submit").kinds).toContain("actions");
  });

  it("reads a markup paragraph of a few lines further down, with what happens after it, as the test case", () => {
    const text = "Regression from bug 123.\n\n<select style=\"font-family: system-ui\"><option>One</option></select>\n\nOn Windows 11 the text is rendered in a bold face.";
    expect(stepsIn(text).kinds).toContain("testcase");
    // A long block further down is code shown as an example.
    const example = "It no longer works. For example:\n\n<script>\nfunction a() {\n  var x = 1;\n  return x;\n}\n</script>\n\nI get an undefined error.";
    expect(stepsIn(example).kinds).not.toContain("testcase");
  });
});

describe("eleventh pass (Firefox): an error code got, a thing gone", () => {
  it("reads them as what happens", () => {
    for (const text of ["Getting F7701-1003 on the streaming site since today.", "Pinned tabs gone after the update.", "Log out and in again and it's gone."]) expect(observedIn(text).length, text).toBeGreaterThan(0);
  });

  it("does not read a price gone up or work gone through", () => {
    for (const text of ["The price has gone up.", "We have gone through the list."]) {
      expect(observedIn(text), text).toEqual([]);
    }
  });
});

describe("eleventh pass (httpd): a sentence that opens with a section's bare name", () => {
  it("reads what should be in a sentence opening with '<Location>' as the reporter's words, not markup", () => {
    expect(expectedIn("<Location> blocks are applied last, so the admin page must be refused (403).").length).toBeGreaterThan(0);
    expect(expectedIn("<Proxy> sections are read per request, so the balancer should keep its members.").length).toBeGreaterThan(0);
    // A line of markup with its attributes, or a tag and its closing, is still what the program reads.
    expect(expectedIn("<Location /admin> Require all denied should apply")).toEqual([]);
    expect(expectedIn("<p>The total should be 12.</p>")).toEqual([]);
  });
});

describe("eleventh pass (httpd): a version that worked, told without a subject", () => {
  it("reads 'Worked in 1.8.3' after a stop that lost its space, and '1.8.3 fine.', as a case that works", () => {
    const working = (text: string) => expectedIn(text).filter((r) => r.kind === "working_case");
    expect(working("The proxy answers 502 for every upload, its own log is empty.Worked in 1.8.3 with the same vhost").length).toBeGreaterThan(0);
    expect(working("1.8.4 drops the cookie on login, 1.8.3 fine. We went back.").length).toBeGreaterThan(0);
    // A number of two parts, a question and a version that goes on with more are not told as working.
    expect(working("A ratio of 1.5 is fine.")).toEqual([]);
    expect(working("Is 1.8.3 fine?")).toEqual([]);
    expect(working("1.8.3 is fine for the old clients but drops the cookie for new ones.")).toEqual([]);
  });
});

describe("eleventh pass (httpd): what it does today told as its limit", () => {
  it("reads 'only outputs', 'has no ... support' and 'can only be set once per' as what happens", () => {
    expect(observedIn("The exporter only writes CSV files. A JSON option would help us.").length).toBeGreaterThan(0);
    expect(observedIn("The benchmark tool has no QUIC support, please add it.").length).toBeGreaterThan(0);
    expect(observedIn("The cache size can only be set once per server, please allow one per vhost.").length).toBeGreaterThan(0);
    // What a wish asks for, a question and a thing that can be set in more than one way say nothing of what happens.
    expect(observedIn("It would be nice to have an exporter that only writes the changed rows.")).toEqual([]);
    expect(observedIn("Can the cache size only be set once per server?")).toEqual([]);
    expect(observedIn("The cache size can be set per server or per vhost.")).toEqual([]);
  });
});

describe("eleventh pass (httpd): the status a request answered, printed under its command", () => {
  it("reads a status code alone on the line under a curl or wget command as what happens", () => {
    expect(observedIn("$ curl -s -o /dev/null -w '%{http_code}\\n' http://localhost/secret.txt\n200\n\nThe file sits in a denied directory.").length).toBeGreaterThan(0);
    expect(observedIn("curl -sI -w '%{http_code}' -o /dev/null https://intranet/app/\n503").length).toBeGreaterThan(0);
    // A number under another program's command, or a status with words after it on the line, is not read so.
    expect(observedIn("$ ls -1 /var/cache/app | wc -l\n200")).toEqual([]);
    expect(observedIn("$ curl -s http://localhost/count\n200 items are listed on the page.")).toEqual([]);
  });
});

describe("twelfth pass: a layout that leaves its box", () => {
  it("reads a thing that overflows, spills out or runs past its edge as what happens", () => {
    expect(observedIn("In Firefox 126 the last badge overflows the rounded panel by 12px.").length).toBeGreaterThan(0);
    expect(observedIn("The caption spills out of the tile on a 320px screen.").length).toBeGreaterThan(0);
    expect(observedIn("The date picker extends past the bottom edge of the dialog.").length).toBeGreaterThan(0);
    expect(observedIn("Long file names stick out of the sidebar.").length).toBeGreaterThan(0);
    // A menu named after it and a CSS property are not a box left.
    expect(observedIn("Open the overflow menu and pick Export.")).toEqual([]);
    expect(observedIn("The card sets overflow: hidden on its body.")).toEqual([]);
  });
});

describe("twelfth pass: actions told of a person named by their role", () => {
  it("reads two actions in a condition whose subject is a person's role, as 'When I ... and then ...' reads", () => {
    expect(stepsIn("When a night nurse opens the chart and then signs the order, the page reloads empty.").at).not.toBeNull();
    // "and then" before the second action: the action is the word after both ("and then saves"), not "then".
    expect(stepsIn("When someone adds a tag and then saves, the tag is gone.").at).not.toBeNull();
    // One action of a role is what sets it off, as one action of "I" is.
    const one = stepsIn("When a courier opens a stop with 31 parcels, the app closes.");
    expect(one.at).toBeNull();
    expect(one.trigger).toBeDefined();
  });

  it("does not take a program or a part of one for a person", () => {
    expect(stepsIn("When the scheduler starts and then retries the job, the log is empty.").at).toBeNull();
    expect(stepsIn("When the browser opens a tab and then closes it, memory is not freed.").at).toBeNull();
  });
});

describe("twelfth pass: a settings file named by its name alone, and a policy, over their lines", () => {
  it("reads the file's lines under a line that names it, or under 'Policy:', as the configuration that reproduces it", () => {
    const named = 'prefs.json (/etc/firefox/policies/prefs.json):\n\n{\n  "policies": { "DisableAppUpdate": true }\n}\n\nThe update prompt still shows on every start.';
    expect(stepsIn(named).at).not.toBeNull();
    const policy = 'Policy:\n\n"Cookies": {\n  "Block": ["https://ads.example"]\n}\n\nCookies from ads.example are still set.';
    expect(stepsIn(policy).at).not.toBeNull();
    // A file named in a sentence, and a policy named in prose, are no configuration given.
    expect(stepsIn("I edited prefs.json: nothing changed after a restart.").at).toBeNull();
    expect(stepsIn("Our policy: we never ship on Fridays, so this waits.").at).toBeNull();
  });
});

describe("twelfth pass: 'like it should' after a negation judges, it names no expected result", () => {
  it("reads no expected result in 'doesn't work like it should' or 'not ... as often as it should'", () => {
    expect(expectedIn("The export doesn't work like it should. Please look at it.")).toEqual([]);
    expect(expectedIn("The sync is not running nearly as often as it should be.")).toEqual([]);
    expect(expectedIn("Reminders never arrive the way they should, and nobody knows why.")).toEqual([]);
  });

  it("still reads a case that works told with it, and what follows a colon", () => {
    expect(expectedIn("On Linux the icon is missing. macOS shows the coloured icon as it should.").length).toBeGreaterThan(0);
    expect(expectedIn("It doesn't sort the way it should: newest first, then by name.").length).toBeGreaterThan(0);
  });
});

describe("twelfth pass: an expectation that asks for nothing a tester can see", () => {
  it("takes 'make it better', 'just make it work' and 'should just work' for a vague expected result", () => {
    const vague = (description: string) => scoreTicket({ summary: "Booking page", description, issue_type: "Bug" }).findings.map((f) => f.code);
    // (a request to make it better names no result at all: the bands pass on read-8 reads it as none, MADE_BETTER)
    expect(vague("The booking page is clunky and slow. Please just make it better.")).toContain("bug.no_expected_result");
    expect(vague("The booking page is clunky and slow. Please just make it work.")).toContain("bug.vague_expected_result");
    // (a plea to get it working is read as no expectation at all: it is missing, which says as much)
    expect(vague("Bookings fail half the time. Just get it working again!").some((c) => c === "bug.vague_expected_result" || c === "bug.no_expected_result")).toBe(true);
    expect(vague("Bookings fail half the time. The page should just work.")).toContain("bug.vague_expected_result");
    // An expectation that says what to see is not vague.
    expect(vague("Bookings fail with error 502. Please make it show the confirmation page with the booking number.")).not.toContain("bug.vague_expected_result");
  });
});

describe("twelfth pass: cases that work laid out on a line, and what was there before", () => {
  it("reads another browser's line with its result after a colon, and 'it was there in 119'", () => {
    expect(expectedIn("Firefox 122: the list jumps to the top.\nSafari 17.2: stays where it was.").length).toBeGreaterThan(0);
    expect(expectedIn("Firefox 122 takes 9 s to paint the map. Chrome 121 on the same laptop: under a second.").length).toBeGreaterThan(0);
    expect(expectedIn("The Import button is gone from the Library window, it was there in 118.").length).toBeGreaterThan(0);
    // Another browser that fails too, or the same, is no case that works; a share is no version.
    expect(expectedIn("Firefox 122: the list jumps.\nChrome: same problem.")).toEqual([]);
    expect(expectedIn("Firefox 122: the list jumps.\nEdge 120: also broken.")).toEqual([]);
    expect(expectedIn("The badge was there in 40 percent of the runs.")).toEqual([]);
  });

  it("reads another platform that is fine, told after the failure in a clause of its own", () => {
    expect(expectedIn("The video stutters in a Wayland session, X11 is fine.").length).toBeGreaterThan(0);
    expect(expectedIn("login fails with SEC_ERROR_BAD_SIGNATURE on every laptop here, chrome works").length).toBeGreaterThan(0);
    expect(expectedIn("The worker MPM leaks a child per reload, and prefork is fine.").length).toBeGreaterThan(0);
    // At a sentence's start, or "too", it says nothing of a case that works.
    expect(expectedIn("Performance is fine. The list jumps to the top.")).toEqual([]);
    expect(expectedIn("It crashes on Windows, and Linux is broken too.")).toEqual([]);
  });
});

describe("twelfth pass: a request inside the program's own message", () => {
  it("does not read the program's quoted message as the reporter's request", () => {
    expect(expectedIn('Clicking Install says "Installation failed. Please make sure the file is a valid add-on" and nothing is installed.')).toEqual([]);
    expect(expectedIn('The dialog shows: "Please restart the computer to finish" even after a restart.')).toEqual([]);
    // The reporter's own request after the quote, or one they quote as their own words, still reads.
    expect(expectedIn('It says "Installation failed." Please make the message name the file.').length).toBeGreaterThan(0);
  });
});

describe("twelfth pass: what a patch does is no account of what happens", () => {
  it("does not read the change a patch makes, nor 'No functional change intended', as what happens", () => {
    expect(observedIn("This patch moves the cookie helpers out of nsHttp.cpp into CookieUtils.cpp and removes the duplicate copies in netwerk/base. No functional change intended.")).toEqual([]);
    expect(observedIn("The attached patch drops the unused prefs from all.js.")).toEqual([]);
  });

  it("still reads what happens around a patch, and a patch's own failure", () => {
    expect(observedIn("The attached patch fixes it. Without it the page is blank after a reload.").length).toBeGreaterThan(0);
    expect(observedIn("This patch removes the check, but it breaks the login page: the form is blank.").length).toBeGreaterThan(0);
    expect(observedIn("Clicking Apply makes no visible change.").length).toBeGreaterThan(0);
  });
});

describe("twelfth pass: a share of the processor in a range, and settings reset", () => {
  it("reads 'using 35-45% CPU' and 'an update has reset my settings' as what happens", () => {
    expect(observedIn("The task manager shows the mail tab using 30-50% CPU with nothing open.").length).toBeGreaterThan(0);
    expect(observedIn("Every time an update has reset my search engine to the default.").length).toBeGreaterThan(0);
    expect(observedIn("Each restart resets my zoom settings.").length).toBeGreaterThan(0);
    // What a person resets is their act, not the program's.
    expect(observedIn("I reset my profile.")).toEqual([]);
  });
});

describe("twelfth pass: a control that is not there", () => {
  it("reads 'the dialog has no \"X\" option' as what happens", () => {
    expect(observedIn('The export dialog has no "Include headers" checkbox on Windows.').length).toBeGreaterThan(0);
    expect(observedIn("The toolbar has no reload button in kiosk mode.").length).toBeGreaterThan(0);
  });
});

describe("twelfth pass: a Steps field that holds no steps", () => {
  const found = (description: string) => scoreTicket({ summary: "Zoom not kept", description, issue_type: "Bug" }).findings.map((f) => f.code);

  it("reads no steps in a Steps field that only points at a picture, or only says what should happen", () => {
    expect(found("Steps to reproduce:\n\nsee screenshot\n\nActual results:\n\nExpected results:\n")).toContain("bug.no_steps");
    const misused = found("Steps to reproduce:\nIt should keep the zoom level for each site like before\n\nActual results:\nthe zoom level is lost every time\n\nExpected results:\n");
    expect(misused).toContain("bug.no_steps");
    // The expectation written there is still read as one.
    expect(misused).not.toContain("bug.no_expected_result");
  });

  it("keeps a Steps field whose steps say what should happen at the end", () => {
    expect(found("Steps to reproduce:\n1. Set the zoom to 150% on example.com\n2. Restart the browser\n3. The zoom should still be 150%\n\nActual results:\nIt is 100%.")).not.toContain("bug.no_steps");
  });
});

describe("twelfth pass (httpd): the directives of httpd 2.4's later releases", () => {
  it("reads lines of mod_md, mod_http2 and the core's later directives as a configuration", () => {
    expect(stepsIn("MDomain shop.example.net\nMDCAChallenges tls-alpn-01\nMDStoreDir state/md\n\nNo certificate is ever ordered.").at).not.toBeNull();
    expect(stepsIn("H2PushDiarySize 256\nH2PushResource /css/site.css\n\nThe pushed stylesheet never arrives.").at).not.toBeNull();
    expect(stepsIn("MergeSlashes off\nStrictHostCheck on\n\nEvery request gets a 400.").at).not.toBeNull();
  });

  it("does not read a later directive named in a sentence, or one line of it alone", () => {
    expect(stepsIn("MDCAChallenges is ignored when the vhost is on port 8443.").at).toBeNull();
    expect(stepsIn("MDStoreDir state/md\n\nNo certificate is ever ordered.").at).toBeNull();
  });
});

describe("twelfth pass (httpd): what happens told as a value received, a constant returned, a cut or a limit", () => {
  it("reads a parameter's value received, a constant in capitals given back and a verb of cutting short", () => {
    expect(observedIn("GET /find/x y\n\nfind.php receives term=x%20y+z.").length).toBeGreaterThan(0);
    expect(observedIn("apr_socket_recv() returns APR_TIMEUP on the second read.").length).toBeGreaterThan(0);
    expect(observedIn("The logger truncates every line at 8 KB.").length).toBeGreaterThan(0);
    // A field named in lower case, an instruction to cut and a value to set are no value produced.
    expect(observedIn("Each call reports request_id to the tracer.")).toEqual([]);
    expect(observedIn("Truncate the log before the test.")).toEqual([]);
    expect(observedIn("Set LOG_LEVEL=debug in the environment.")).toEqual([]);
  });

  it("reads clients in the plural that get it, a limit of one, and an existing file written over", () => {
    expect(observedIn("A reload drops idle keep-alive connections, clients get a reset.").length).toBeGreaterThan(0);
    expect(observedIn("mod_zstd only has a single level for every type.").length).toBeGreaterThan(0);
    expect(observedIn("htdbm -c overwrites an existing file without asking").length).toBeGreaterThan(0);
    // A need, a condition on what clients get and a new file written say nothing of what happens.
    expect(observedIn("The module only has to be loaded once.")).toEqual([]);
    expect(observedIn("htdbm -c writes a new file.")).toEqual([]);
  });

  it("does not read the other half of a question, opened by 'Or', as what happens", () => {
    expect(observedIn("Can each vhost have its own SSLCipherSuite? Or only the default one counts?")).toEqual([]);
    // A statement that opens with "Or" and ends as one is still read.
    expect(observedIn("Or the backend only gets the first header.").length).toBeGreaterThan(0);
  });
});

describe("twelfth pass (httpd): cases that work told by a version, a command or what could be done", () => {
  const working = (text: string) => expectedIn(text).filter((r) => r.kind === "working_case");
  it("reads a version that works with nothing after it, another program's command that works, and what an earlier version let be done", () => {
    expect(working("Clients on HTTP/2 get a reset after 30 s. HTTP 1.1 works.").length).toBeGreaterThan(0);
    expect(working("Binding as the service user fails: invalid credentials\nldapwhoami -x -H ldaps://dir.example.org works from the same host.").length).toBeGreaterThan(0);
    expect(working("openssl s_client -connect dir.example.org:636 works").length).toBeGreaterThan(0);
    expect(working("Every upload now gets a 413.\n\nIn 2.4.41 the editors could upload 20 MB files.").length).toBeGreaterThan(0);
  });

  it("does not read a version that fails too, a command that never works or goes on, or what could not be done", () => {
    expect(working("Neither 2.4.57 nor 2.4.58 works.")).toEqual([]);
    expect(working("openssl s_client -connect dir.example.org:636 never works")).toEqual([]);
    expect(working("curl -k https://dir.example.org/ works but the proxy still fails")).toEqual([]);
    expect(working("curl -sI https://dir.example.org/ -> 502 for the first minute after a reload, then it works.")).toEqual([]);
    expect(working("In 2.4.41 the editors could not upload either.")).toEqual([]);
    expect(working("In 2.4.41 the workers could also crash.")).toEqual([]);
  });
});

describe("twelfth pass (httpd): a title whose first words are the subject of a verb told of them", () => {
  it("does not read 'make install overwrites ...' or 'Update check fails ...' as asking for a change", () => {
    expect(titleAsksFor("make install replaces the existing magic file")).toBeNull();
    expect(titleAsksFor("Update check fails behind a proxy")).toBeNull();
    expect(titleAsksFor("Remove button deletes the wrong row")).toBeNull();
  });

  it("still reads a title that asks, with a word after its verb", () => {
    expect(titleAsksFor("Make install keep an existing magic file")).not.toBeNull();
    expect(titleAsksFor("Add option to skip the magic file on make install")).not.toBeNull();
  });

  it("reads a version that never did it as the case that works", () => {
    expect(expectedIn("make install wrote over my magic file. 2.0 never did that, it kept the old one.").some((r) => r.kind === "working_case")).toBe(true);
    expect(expectedIn("make install wrote over my magic file. Nobody ever did that.").some((r) => r.kind === "working_case")).toBe(false);
  });
});

describe("twelfth pass (httpd): an option a verb tells the reader to give", () => {
  it("does not read a compiler's '(use -v to see invocation)' or 'try -X' as a program run", () => {
    expect(stepsIn("ld: symbol(s) not found for architecture arm64\ncc: error: linker command failed with exit code 1 (use -v to see invocation)").at).toBeNull();
    expect(stepsIn("The worker dies at once; try -X to keep it in the foreground.").at).toBeNull();
  });

  it("still reads a program run with an option inside a sentence", () => {
    expect(stepsIn("ab -c 20 -n 5000 on the static page gets resets after a few seconds.").at).not.toBeNull();
  });
});

describe("twelfth pass (httpd): one directive in a sentence and the server's restart told by its control program", () => {
  it("reads one inline directive with 'apachectl graceful', 'httpd -k restart' or 'systemctl reload apache2' as the way there", () => {
    expect(stepsIn("after every apachectl graceful the old loggers stay around, our log line is ErrorLog \"|bin/logger -t web\" here").at).not.toBeNull();
    expect(stepsIn("With KeepAliveTimeout 300 set, httpd -k restart takes minutes.").at).not.toBeNull();
    expect(stepsIn("systemctl reload apache2 drops the cache when CacheRoot /srv/cache is on a tmpfs.").at).not.toBeNull();
  });

  it("does not read the control program alone, or a word like it, as the way there", () => {
    expect(stepsIn("after every apachectl graceful the old loggers stay around.").at).toBeNull();
    expect(stepsIn("With CacheRoot /srv/cache set, a graceful start of the day drops the cache.").at).toBeNull();
  });
});

describe("twelfth pass (httpd): a console session holds none of the reporter's sentences", () => {
  const actual = (summary: string, description: string) => !scoreTicket({ summary, description, issue_type: "Bug" }).findings.some((f) => f.code === "bug.no_actual_result");
  it("lets the title say what is seen when the description is only a session", () => {
    expect(actual("htdbm prompt garbled under code page 65001", "C:\\httpd\\bin>chcp 65001\nActive code page: 65001\nC:\\httpd\\bin>htdbm -n carol\nEnter passwo\uFFFD:")).toBe(true);
  });

  it("keeps the reporter's sentence run on under a command's output, and a description in sentences", () => {
    expect(withoutSessions("$ apxs -q LDFLAGS\n-Wl,-z,relro\nwhich breaks the link of my module, it should be empty")).toContain("which breaks the link");
    expect(withoutSessions("$ apxs -q LDFLAGS\n-Wl,-z,relro")).not.toContain("relro");
    expect(actual("apxs -q LDFLAGS wrong", "We build our module against the packaged httpd on Fedora 40.")).toBe(false);
  });

  it("reads a configuration typed in lower or upper case by its directives' names, as the server reads them", () => {
    // (markup pass: the written httpd reports typed in lower case lost a fifth of their steps F1)
    for (const config of ["rewriteengine on\nrewriterule ^/app/(.*)$ http://backend:8080/$1 [p]", "PROXYPASS /app http://backend:8080/app\nPROXYPASSREVERSE /app http://backend:8080/app"]) {
      expect(stepsIn(`${config}\n\nthe backend gets the path without its query string.`).at, config).not.toBeNull();
    }
    // A directive's name that is also an English word still needs its own form ("header ..." is a sentence's word).
    expect(stepsIn("header set x-frame-options deny\n\nthe header is missing on 304 answers.").at).toBeNull();
  });

  it("ends a session at the reporter's first sentence where no blank line does, not at a message the program printed", () => {
    // A text whose blank lines a tracker or an export dropped (markup pass: httpd EB F1 0.822 on the read sets so, 0.902 as written).
    const dropped = "$ htpasswd -vb /tmp/pw alice aaaaaaaY\nPassword for user alice correct.\nbcrypt only reads the first 72 bytes, but htpasswd should at least warn when the password is longer.";
    expect(expectedIn(dropped).map((r) => r.kind)).toContain("modal");
    expect(withoutSessions(dropped)).toContain("bcrypt only reads");
    const printed = "C:\\Apache24\\bin>httpd.exe -k install\nInstalling the 'Apache2.4' service\nTesting httpd.conf....\nErrors reported here must be corrected before the service can be started.";
    expect(expectedIn(printed)).toEqual([]);
  });
});

describe("twelfth pass (httpd): a directive in a sentence beside one on its own line", () => {
  it("reads one directive written inside a sentence and one on a line of its own as a configuration of two", () => {
    expect(stepsIn("Behind the proxy we use RewriteCond %{HTTPS} off\nRewriteRule ^ https://%{HTTP_HOST}/ [R=302,L]\nwhich loops for ever.").at).not.toBeNull();
  });

  it("does not count a directive twice, nor read a server variable named in a sentence as a directive", () => {
    expect(stepsIn("ErrorLog \"|bin/logger -t web\"\n\nThe old loggers stay around.").at).toBeNull();
    expect(stepsIn("ErrorLog \"|bin/logger -t web\"\n\nThe value of %{HTTPS} is always off.").at).toBeNull();
  });
});

describe("twelfth pass (httpd): another program's command told as the case that works is no step", () => {
  it("does not read 'ldapwhoami -x -H ... works from the same host' as the command that runs what fails", () => {
    const s = stepsIn("Since the move to OpenSSL 3 binds fail: Can't contact LDAP server.\nldapwhoami -x -H ldaps://dir.example.org works from the same host.");
    expect(s.at).toBeNull();
    expect(s.kinds).not.toContain("command");
  });

  it("still reads a command that fails, and one that works beside a configuration", () => {
    expect(stepsIn("Binds fail:\nldapwhoami -x -H ldaps://dir.example.org\nldap_sasl_bind(SIMPLE): Can't contact LDAP server (-1)").at).not.toBeNull();
    expect(stepsIn("AuthLDAPURL ldaps://dir.example.org/ou=people?uid\nRequire valid-user\n\nldapwhoami -x -H ldaps://dir.example.org works from the same host.").at).not.toBeNull();
  });
});

describe("twelfth pass: what it breaks of someone's is who is hurt", () => {
  it("reads 'breaks our PHP app', 'breaks all our rules' and 'breaks my Makefile' as impact", () => {
    expect(impactIn("2.4.60 breaks our booking app, 2.4.59 was fine.").length).toBeGreaterThan(0);
    expect(impactIn("The update breaks all our redirect rules.").length).toBeGreaterThan(0);
    expect(impactIn("apxs prints the flags too, which breaks my module's Makefile.").length).toBeGreaterThan(0);
    // What breaks with no owner named is the failure itself, not who it hurts.
    expect(impactIn("The new parser breaks the layout of the table.")).toEqual([]);
  });
});

describe("thirteenth pass: a patch told over two sentences, a change with no functional change, a wish with an adverb, what should not matter", () => {

  it("reads no account in the sentence that goes on telling what the attached patch does", () => {
    expect(observedIn("Patch attached. This replaces the leftover raw pointers in the cache code with smart pointers and drops three redundant null checks.")).toEqual([]);
    // control: the patch's own failure is told, and a sentence with no patch before it is read
    expect(observedIn("Patch attached. This breaks the build on ARM: the linker fails with an undefined symbol.").length).toBeGreaterThan(0);
    expect(observedIn("This removes every bookmark in the folder when I undo.").length).toBeGreaterThan(0);
  });

  it("asks a change with no functional change for no environment, no impact and no failure it fixes", () => {
    const codes = codesOf("Move the sandbox helpers to the shared logging macros", "Patch to move the sandbox helpers onto the shared logging macros. No functional change.");
    expect(observedIn("No functional change.")).toEqual([]);
    expect(observedIn("I pressed Save and no change was made to the file.").length).toBeGreaterThan(0);
    expect(codes).not.toContain("bug.no_environment");
    expect(codes).not.toContain("bug.no_impact");
    expect(codes).not.toContain("bug.prescribes_fix");
  });

  it("reads 'I just want my browser to look the same as it did last week' as what should happen", () => {
    expect(expectedIn("I close it every time. I just want my browser to look the same as it did last week.").map((r) => r.kind)).toContain("wish");
    expect(expectedIn("I really want the old tab strip back.").map((r) => r.kind)).toContain("wish");
    // control: wanting to do something oneself names no result of the program
    expect(expectedIn("I just want to say thanks for the quick fix last time.")).toEqual([]);
  });

  it("reads no expected result in 'that shouldn't matter' or 'it should not make a difference'", () => {
    expect(expectedIn("Hardware acceleration is off (but that shouldn't matter for video?).")).toEqual([]);
    expect(expectedIn("I use a proxy, it should not make a difference here.")).toEqual([]);
    // control: what the program should do stays
    expect(expectedIn("The tab should stay pinned after a restart.").length).toBeGreaterThan(0);
  });
});

describe("thirteenth pass: a change that fixes no failure tells no account", () => {
  const codesOf = (summary: string, description: string) => scoreTicket({ summary, description, issue_type: "Bug" }).findings;

  it("reads no observed behaviour in a cleanup's facts about the code, and says it asks for a change", () => {
    const f = codesOf("Remove the unused helper nsFooUtils::Escape", "Nothing calls it any more since the parser rewrite landed, and the IDL entry went away with it. Try run is green.")
      .find((x) => x.code === "bug.no_actual_result");
    expect(f?.message).toContain("asks for a change");
  });

  it("still reads the failure a cleanup's report tells", () => {
    const codes = codesOf("Remove the unused pref that breaks the import", "The unused pref is still read by the importer, and since 118 the import dialog crashes with a null pointer when it is set.\n\nActual: the dialog closes and nothing is imported.")
      .map((x) => x.code);
    expect(codes).not.toContain("bug.no_actual_result");
  });
});

describe("thirteenth pass (httpd): a read is judged from its first word, not the stop it opens on", () => {
  it("reads a case that works told after a log line's sentence ends, and one on its own line under a console error", () => {
    const text = "under load the proxy logs\n[proxy_http:error] AH01102: error reading status line from remote server failed and clients get 502. with jetty 11 same setup\nit was fine for months. keepalive is off";
    expect(expectedIn(text).some((r) => r.kind === "working_case")).toBe(true);
    expect(expectedIn("Right-click the link, pick Copy. The console says:\n\nReferenceError: clip is not defined  menu.js:88\n\nWorks with the sidebar closed.").length).toBeGreaterThan(0);
  });

  it("still leaves the log line's own words unread", () => {
    expect(expectedIn("[proxy:error] AH00898: should be connected but the backend is gone")).toEqual([]);
  });
});

describe("thirteenth pass (httpd): cases that work told with a version's dots, 'Before it was', an option passed", () => {
  it("reads 'The same upload over HTTP/1.1 is fine', 'Before it was ~80MB per process.' and 'Passing --with-foo=... works.'", () => {
    expect(expectedIn("Uploads over h2 stall for 30 s. The same upload over HTTP/1.1 is fine.").some((r) => r.kind === "working_case")).toBe(true);
    expect(expectedIn("Worker processes now grow to 900MB each. Before it was ~80MB per process.").some((r) => r.kind === "working_case")).toBe(true);
    expect(expectedIn("configure stops at the zlib check. Passing --with-z=/opt/zlib works.").some((r) => r.kind === "working_case")).toBe(true);
    expect(expectedIn("The counter says 40 likes, the page itself says 380 which is correct.").some((r) => r.kind === "working_case")).toBe(true);
  });

  it("does not read a clause of time ('Before it was patched, we ...') nor a failure the same elsewhere", () => {
    expect(expectedIn("Before it was patched, we saw the same timeouts.")).toEqual([]);
    expect(expectedIn("The same upload over HTTP/1.1 fails too.")).toEqual([]);
  });
});

describe("thirteenth pass (httpd): what the reporter asks of their own work is no expected result", () => {
  it("does not read 'Should we drop ...?' nor 'asks whether we need to upgrade'", () => {
    expect(expectedIn("Should we drop the old Header lines from our vhost, or does the module still send them?")).toEqual([]);
    expect(expectedIn("Our auditors ask whether we need to upgrade or if the module is not built with it.")).toEqual([]);
  });

  it("still reads what the program should do, asked or told", () => {
    expect(expectedIn("Shouldn't the proxy retry the next member?").length).toBeGreaterThan(0);
    expect(expectedIn("The proxy should retry the next member.").length).toBeGreaterThan(0);
    expect(expectedIn("We need to be able to set the timeout per member.").length).toBeGreaterThan(0);
  });
});

describe("thirteenth pass (httpd): a message that goes on under the line that opens it", () => {
  it("does not read what the server printed under 'AH00526: Syntax error on line 4 of x.conf:' as an expectation", () => {
    expect(expectedIn("CacheSize 99999999999\n\nAH00526: Syntax error on line 4 of /etc/httpd/conf.d/cache.conf:\nCacheSize: value must be < 4294967296 on this build\n\nWhy so small?")).toEqual([]);
  });

  it("still reads the reporter's own line after a blank line", () => {
    expect(expectedIn("AH00526: Syntax error on line 4 of /etc/httpd/conf.d/cache.conf:\nCacheSize: bad value\n\nThe size should be accepted up to the RAM size.").length).toBeGreaterThan(0);
  });
});

describe("thirteenth pass (httpd): a method's name in capitals is no request", () => {
  it("does not read 'UPDATE of a checked-in resource ...' as a title that asks for a change", () => {
    expect(titleAsksFor("mod_dav: UPDATE of a checked-in resource to a version with another label")).toBeNull();
    expect(titleAsksFor("MOVE THE LOCK DATABASE OUT OF TMP")).not.toBeNull();
  });

  it("still reads a request in a title", () => {
    expect(titleAsksFor("mod_dav: move the lock database out of /tmp")).not.toBeNull();
  });
});

describe("thirteenth pass (httpd): what happens told as a state come back or a form it comes out in", () => {
  it("reads 'the member is back to status Ok' and '... comes out as' followed by the output", () => {
    expect(observedIn("After a graceful restart the member is back to status Ok.").length).toBeGreaterThan(0);
    expect(observedIn("<a href=\"http://app.local/x\"> comes out as\n<a href=\"/x\">").length).toBeGreaterThan(0);
  });

  it("does not read a state that is named and not come back to", () => {
    expect(observedIn("The member status is Ok.")).toEqual([]);
  });
});

describe("thirteenth pass (httpd): a question after a greeting tells no failure", () => {
  it("does not take 'Hi, does ... work when ...?' as an account", () => {
    expect(codesOf("session affinity with a cookie path", "Hi, does ProxyPass stickysession=SID work when the app sets the cookie with Path=/shop and the mapping is /shop/ ? Or do I need ProxyPassReverseCookiePath? We move the shop to a new cluster next week and I want to be sure first. Thanks")).toContain("bug.no_actual_result");
  });

  it("still takes a greeting before an account as one", () => {
    expect(codesOf("session affinity with a cookie path", "Hi, since the move to the new cluster every second request of a logged-in user lands on the other Tomcat node and the shop logs them out at once, we see it on all the product pages and in the cart as well.")).not.toContain("bug.no_actual_result");
  });
});

describe("thirteenth pass (httpd): configuration the documentation shows is the page's text, not the reporter's setup", () => {
  it("does not read the example a page shows, nor the text it should show, as steps", () => {
    expect(stepsIn("The mod_rewrite guide's section on proxying has an example that reads\n\n  RewriteRule ^/app/(.*) http://backend/$1 [P]\n  ProxyPassReverse /app/ http://backend/\n\nbut it never says mod_proxy_http must be loaded.").at).toBeNull();
    expect(stepsIn("The page has a typo in the directive. It should be\n\n  ProxyPreserveHost On\n  ProxyTimeout 30\n").at).toBeNull();
  });

  it("still reads a configuration the reporter gives", () => {
    expect(stepsIn("Our config:\n\n  RewriteRule ^/app/(.*) http://backend/$1 [P]\n  ProxyPassReverse /app/ http://backend/\n\nEvery request under /app gets 500.").at).not.toBeNull();
  });
});

describe("thirteenth pass (httpd): a wish after 'but' is no failure", () => {
  it("does not read 'but it would be nice to have ...' as what happens", () => {
    expect(observedIn("A separate benchmark exists but it would be really handy to have it in the package.")).toEqual([]);
  });

  it("still reads 'but it' where a failure follows", () => {
    expect(observedIn("The benchmark starts but it stops after 10 requests.").length).toBeGreaterThan(0);
  });
});

describe("thirteenth pass (httpd): a server's page told by its path, as what shows the failure", () => {
  it("reads one directive with '/server-status shows ...' as the way there", () => {
    expect(stepsIn("ExtendedStatus On\n\n/server-status shows every worker of the backend as idle, though the access log says they serve.").at).not.toBeNull();
  });

  it("does not read one directive alone, nor a path told inside a sentence", () => {
    expect(stepsIn("ExtendedStatus On\n\nThe workers of the backend look idle, though the access log says they serve.").at).toBeNull();
    expect(stepsIn("ExtendedStatus On\n\nThe page at /server-status is wrong about the workers.").at).toBeNull();
  });
});

describe("fourteenth pass (httpd): 'which is kind of expected' accepts what is seen", () => {
  it("does not read a reporter's acceptance as what should happen", () => {
    expect(expectedIn("After the upgrade every cart was emptied, which is kind of expected. The log says nothing at all.")).toEqual([]);
    expect(expectedIn("The old tokens stopped working, which was expected.")).toEqual([]);
  });

  it("still reads 'expected' that says what should happen", () => {
    expect(expectedIn("The cart was emptied. I expected it to keep its items.").length).toBeGreaterThan(0);
    expect(expectedIn("Expected: the cart keeps its items.").length).toBeGreaterThan(0);
  });
});

describe("fourteenth pass (httpd): a program's own diagnostic in a console session is what it printed", () => {
  it("does not read the 'must' of a 'configure: error:' line under the command as what should happen", () => {
    expect(expectedIn("$ ./configure --with-zlib=/opt/zlib/\nchecking for gcc... gcc 12.2\nchecking for zlib... configure: error: the --with-zlib value is wrong. It must name the directory zlib was installed into.\n\nThe directory holds zlib 1.3.")).toEqual([]);
    expect(expectedIn("$ make\nld: error: the output file must be given before the objects when linking them together\n")).toEqual([]);
  });

  it("still reads what the reporter says should happen under it", () => {
    expect(expectedIn("$ ./configure --with-zlib=/opt/zlib\nconfigure: error: no zlib\nI think configure should find it there, since the headers are in /opt/zlib/include.").length).toBeGreaterThan(0);
  });
});

describe("fourteenth pass (httpd): the documentation's example is the page's text, however its directives are read", () => {
  it("does not read directives of the example a page shows as steps, nor the text it should show", () => {
    expect(stepsIn("On the page about forcing TLS, the example is:\n\n  RewriteCond \"%{SERVER_PORT}\" \"!=443\" [NC,OR]\n  RewriteRule \"^/?(.*)\" \"https://%{HTTP_HOST}/$1\" [R=301,L]\n\nNothing else is checked, so the [OR] joins the rule to whatever comes next.").at).toBeNull();
    expect(stepsIn("The flag is wrong in the guide. It should be just\n\n  RewriteCond \"%{SERVER_PORT}\" \"!=443\"\n  RewriteRule \"^/?(.*)\" \"https://%{HTTP_HOST}/$1\" [R=301,L]\n").at).toBeNull();
  });

  it("still reads the same directives as the reporter's configuration", () => {
    expect(stepsIn("With this in the vhost:\n\n  RewriteCond \"%{SERVER_PORT}\" \"!=443\" [NC,OR]\n  RewriteRule \"^/?(.*)\" \"https://%{HTTP_HOST}/$1\" [R=301,L]\n\nevery request loops.").at).not.toBeNull();
  });
});

describe("fourteenth pass (httpd): 'before the deploy' that dates someone's act is no case that works", () => {
  it("does not read when a person acted as a time the program worked", () => {
    expect(expectedIn("The empty page was cached because a visitor opened it before the release.")).toEqual([]);
    expect(expectedIn("We flushed every cache until the upgrade, and the stale page is still served.")).toEqual([]);
  });

  it("still reads the program working up to a change", () => {
    expect(expectedIn("The page came out whole until the upgrade.").length).toBeGreaterThan(0);
    expect(expectedIn("The settings window is empty. Before the update it showed every account.").length).toBeGreaterThan(0);
  });
});

describe("fourteenth pass (httpd): a request in a row the server printed is what it serves, not one sent", () => {
  it("does not read the request column of a status table as the way there", () => {
    expect(stepsIn("Some workers hang in the W state for days. The status page shows:\n\n   0-2 4411   1/35/902  W  0.40  8801  0   0.0   0.22  3.10  192.0.2.7   http/1.1  shop.example  POST /cart/sync HTTP/1.1\n\nThe clients keep the connection open.").at).toBeNull();
  });

  it("still reads a request the reporter sends", () => {
    expect(stepsIn("Some workers hang in the W state for days after this:\n\n  POST /cart/sync HTTP/1.1\n  Host: shop.example\n\nThe clients keep the connection open.").at).not.toBeNull();
  });
});

describe("fourteenth pass (firefox): words that say a test follows before a colon", () => {
  it("reads 'You can test it: do X and do Y' as two steps", () => {
    const read = stepsIn("You can test it: turn off the network, with the download still running, and press Resume in the Library window.");
    expect(read.count).toBeGreaterThanOrEqual(2);
    expect(read.at).not.toBeNull();
    expect(stepsIn("To try this: open the history sidebar and type a word in Greek.").count).toBeGreaterThanOrEqual(2);
  });

  it("still reads one action after it as the one action it is", () => {
    expect(stepsIn("You can test it: open the history sidebar.").at).toBeNull();
  });
});

describe("fourteenth pass (firefox): a context menu path opened by its click", () => {
  it("reads 'right-click > Item > Item' as a menu path", () => {
    expect(stepsIn("Saving the picture (right-click > Save Image As > Desktop) of any photo gives a file of zero bytes.").kinds).toContain("menu");
  });

  it("does not read lower-case items after a lower-case head as one", () => {
    expect(stepsIn("the ratio went from a > b > c over the night.").kinds).not.toContain("menu");
  });
});

describe("fourteenth pass (firefox): 'how this works' is no case that works", () => {
  it("does not read an indirect question on how a thing works as an expected result", () => {
    expect(expectedIn("Could somebody tell me how this works now with the new cookie rules?")).toEqual([]);
    expect(expectedIn("I would like to know how it works in a private window.")).toEqual([]);
  });

  it("still reads a case that works", () => {
    expect(expectedIn("It works in a private window.").map((r) => r.kind)).toContain("working_case");
  });
});

describe("fourteenth pass (firefox): sound and picture that break up", () => {
  it("reads crackling, stuttering and choppy playback as what happens", () => {
    expect(observedIn("The sound of every video starts crackling after a minute.").length).toBeGreaterThan(0);
    expect(observedIn("Playback stutters on the second screen.").length).toBeGreaterThan(0);
    expect(observedIn("Video in the picture-in-picture window is choppy.").length).toBeGreaterThan(0);
  });

  it("does not read the words of a plain account as such", () => {
    expect(observedIn("The sound of every video plays through the speakers.")).toEqual([]);
  });
});

describe("fourteenth pass (firefox): a description that names only where it runs", () => {

  it("leaves the title's failure standing under a description of only an environment and a time", () => {
    expect(codesOf("The downloads panel is empty", "since yesterday. macOS 14. firefox 122")).not.toContain("bug.no_actual_result");
  });

  it("still asks what is seen when the description is in sentences", () => {
    expect(codesOf("The downloads panel is empty", "I think this started after I moved my profile to another disk last week.")).toContain("bug.no_actual_result");
  });
});

describe("fifteenth pass (the Jira steps reading): a stack trace's frames are what the program printed", () => {
  const trace = "org.acme.core.Loader.load(Loader.java:12)\norg.acme.core.Main.run(Main.java:40)\norg.acme.core.Main.main(Main.java:7)";

  it("does not count frames that lost their 'at' as code beside one action", () => {
    const read = stepsIn(`Start the editor with any workspace and you get this in the log.\n${trace}`);
    expect(read.at).toBeNull();
    expect(read.trigger).toBeDefined();
  });

  it("does not count a fence around such frames as code", () => {
    expect(stepsIn(`Start the editor with any workspace and you get this in the log.\n{code}\n${trace}\n{code}`).at).toBeNull();
  });

  it("still counts code of the reporter's beside the action", () => {
    expect(stepsIn("Run this in the console and the tab hangs.\nconst a = new Loader();\na.load(\"x\");").at).not.toBeNull();
  });
});

describe("fifteenth pass (the Jira steps reading): an instruction run into what it gives", () => {
  it("reads 'run it will get an error' as the second of two instructions", () => {
    expect(stepsIn("Drag two columns into the grid.\nRun it will get an error.").at).not.toBeNull();
  });

  it("does not read a statement about a thing as an instruction", () => {
    expect(stepsIn("Drag two columns into the grid.\nThe report will get an error.").at).toBeNull();
  });
});

describe("fifteenth pass (the Jira steps reading): a state set up before the action", () => {
  it("reads the panel put in a state as a step of its own", () => {
    expect(stepsIn("Switch between editors quickly with the outline view visible and linked to the editor. After a minute a dialog says it failed.").at).not.toBeNull();
  });

  it("reads 'with any project' as no state, so one action stays the trigger", () => {
    const read = stepsIn("Launch the editor with any project and you get these errors in the log.");
    expect(read.at).toBeNull();
    expect(read.trigger).toBeDefined();
  });
});

describe("fifteenth pass (the Jira steps reading): an action decided on after a condition", () => {
  it("reads 'then decide to untick' as a second action of the condition", () => {
    expect(stepsIn("If I type a path that is not writable, then decide to untick the platform, the wizard will not go on.").at).not.toBeNull();
  });

  it("still reads one condition as the trigger", () => {
    expect(stepsIn("If I type a path that is not writable, the wizard will not go on.").at).toBeNull();
  });
});

describe("fifteenth pass (the Jira steps reading): an example labelled with the failure it shows", () => {
  it("reads the code under 'Example I (the outline is not generated):' as the test case", () => {
    const read = stepsIn("Example I (the outline is not generated):\nfunction broken() {\n  return '<b' + attrs + '>';\n}");
    expect(read.kinds).toContain("testcase");
    expect(read.at).not.toBeNull();
  });

  it("does not read code under an example labelled with nothing as steps", () => {
    expect(stepsIn("For example:\nfunction broken() {\n  return '<b' + attrs + '>';\n}").at).toBeNull();
  });
});

describe("fifteenth pass (the Jira bug reading): a name inside a dotted identifier is the program's code, not where it ran", () => {
  const bug = (description: string) => scoreTicket({ summary: "Wrong thread used when the install error is shown", description, issue_type: "Bug" });

  it("asks for the environment when the only platform word sits in a package name of a stack frame", () => {
    const r = bug("Found in the log after a failed install:\norg.acme.swt.SWTException: Invalid thread access\n    com.acme.mobile.ui.android.launch.Delegate.notifyError(Delegate.java:475)\n    com.acme.mobile.ui.ios.launch.Delegate.run(Delegate.java:12)");
    expect(r.findings.some((f) => f.code === "bug.no_environment")).toBe(true);
  });

  it("still reads the platform named in a sentence, or after a sentence's stop with no space", () => {
    expect(bug("It happens on Android when the install fails.\n    com.acme.mobile.ui.android.launch.Delegate.run(Delegate.java:12)").findings.some((f) => f.code === "bug.no_environment")).toBe(false);
    expect(bug("The error is shown from the wrong thread.Windows 7, 64-bit.").findings.some((f) => f.code === "bug.no_environment")).toBe(false);
  });
});

describe("fifteenth pass (the Jira bug reading): people counted in a condition are supposed, not affected", () => {
  it("reads no impact in a count that opens an 'if' or 'unless'", () => {
    for (const text of [
      "Please make Save All sync the files too, or add a separate command if most people prefer the current order.",
      "Keep the old default unless many users ask for the new one.",
    ]) expect(reads(impactIn(text)), text).toBe(false);
  });

  it("still reads the same count as who is affected outside a condition", () => {
    for (const text of ["Most people on the team hit this every morning.", "It fails for many users since the update."]) expect(reads(impactIn(text)), text).toBe(true);
  });
});

describe("fifteenth pass (the Jira bug reading): acceptance criteria say what should be, not what happens", () => {
  it("reads nothing of what happens in the items under 'Acceptance Criteria:', Jira's '# ' items too", () => {
    const text = "Launcher changes\nAcceptance Criteria:\n# The panel should follow the new design\n# Instead of listing the servers in the drop-down, the saved launch settings are listed. Only the last ten are kept.";
    expect(reads(observedIn(text))).toBe(false);
  });

  it("still reads what happens told before the criteria, and after the next label", () => {
    expect(reads(observedIn("The drop-down lists the servers, not the launch settings.\nAcceptance Criteria:\n# The saved launch settings are listed"))).toBe(true);
    expect(reads(observedIn("Acceptance Criteria:\n# The saved launch settings are listed\nActual result:\nThe drop-down is empty."))).toBe(true);
  });
});

describe("fifteenth pass (the Jira bug reading): a title saying what the program should allow asks for something new", () => {

  it("asks no environment of a report that tells no failure under a title asking for a capability", () => {
    const found = codesOf("[Export] The export dialog should allow choosing the delimiter", "Export changes\nAcceptance Criteria:\n# The dialog offers comma, tab and semicolon\n# The last choice is kept for the next export");
    expect(found).not.toContain("bug.no_environment");
    expect(found).toContain("bug.no_actual_result");
  });

  it("still asks for the environment when the report tells a failure", () => {
    expect(codesOf("The export dialog should allow choosing the delimiter", "The dialog always writes commas, so the file breaks in the spreadsheet when a name holds one.")).toContain("bug.no_environment");
  });
});

describe("fifteenth pass (the Jira bug reading): what users should not be made to do is the burden they carry now", () => {
  it("reads the user who should not be forced to, or have to, do a thing by hand", () => {
    for (const text of [
      "The user should not be forced to stop every service by hand after a restart.",
      "Admins shouldn't have to edit the id again each morning.",
    ]) expect(reads(impactIn(text)), text).toBe(true);
  });

  it("does not read what the program should not do", () => {
    for (const text of ["The broker should not be started with the container.", "The user should not see the broker in the list."]) expect(reads(impactIn(text)), text).toBe(false);
  });
});

describe("fifteenth pass (the Jira bug reading): problems or issues left unnamed are no consequence", () => {
  it("reads no impact in 'would cause issues' or 'may lead to some problems'", () => {
    for (const text of [
      "The tag is not empty, and deleting the line as the warning says would cause issues.",
      "Trimming it may lead to some problems.",
    ]) expect(reads(impactIn(text)), text).toBe(false);
  });

  it("still reads a consequence that names its problem or its failure", () => {
    for (const text of ["Deleting the line would cause build problems.", "Trimming it will cause a compile error."]) expect(reads(impactIn(text)), text).toBe(true);
  });
});

describe("fifteenth pass (the Jira bug reading): an example labelled with the failure's opposite is a case that works", () => {
  const text = "When a template holds a quoted attribute, the preview isn't updated.\nExample 1 (preview is not updated):\nvar a = '<b' + attrs + '>';\nExample 2 (preview is updated):\nvar a = '<b>' + text + '</b>';";

  it("reads the example labelled with the same words but the negation as a working case", () => {
    expect(expectedIn(text).map((r) => r.kind)).toContain("working_case");
  });

  it("reads none when every example is labelled with the failure, or the labels say other things", () => {
    expect(expectedIn(text.replace("Example 2 (preview is updated)", "Example 2 (preview is not updated either)"))).toEqual([]);
    expect(expectedIn(text.replace("Example 2 (preview is updated)", "Example 2 (the editor is slow)"))).toEqual([]);
  });
});

describe("fifteenth pass (firefox): another browser named doing the thing", () => {
  it("reads another browser as the subject of what it does as a case that works", () => {
    expect(kindsOf("The tooltip flickers on hover. Safari holds it steady.")).toContain("working_case");
    expect(kindsOf("Scrolling the list drops frames here; Chromium scrolls it at 60 fps on the same machine.")).toContain("working_case");
    expect(kindsOf("Deno 1.40 and Chrome parse the date without complaint.")).toContain("working_case");
    expect(kindsOf("The same page in Opera scrolls to the anchor.")).toContain("working_case");
  });

  it("does not read it when that browser fails too, does the same, or is asked about", () => {
    expect(expectedIn("The tooltip flickers on hover. Safari flickers too.")).toEqual([]);
    expect(expectedIn("The page hangs on load. Chrome shows the same spinner.")).toEqual([]);
    expect(expectedIn("The page hangs on load. Chrome never finishes it either.")).toEqual([]);
    expect(expectedIn("The page hangs on load. Chrome crashes on it.")).toEqual([]);
    expect(expectedIn("The page hangs on load. Does Chrome finish it?")).toEqual([]);
  });

  it("does not read a browser's name before a noun or an auxiliary", () => {
    expect(expectedIn("The page hangs on load. Chrome users report it on the forum.")).toEqual([]);
    expect(expectedIn("The page hangs on load. Chrome is installed next to it.")).toEqual([]);
  });
});

describe("fifteenth pass (firefox): a visit to an address that opens a sentence", () => {
  const block = "Our redirect rule:\n\n  {\n    match: \"^https://shop\\\\.test/(.*)$\",\n    target: \"https://store.test/$1\"\n  }\n\n";

  it("reads 'Navigating to https://...' after a snippet as the input that shows it", () => {
    expect(stepsIn(`${block}Navigating to https://shop.test/cart?id=4 lands on https://store.test/cart without the id.`).at).not.toBeNull();
    expect(stepsIn("Loading https://shop.test/cart?id=4 lands on a page without the id.").kinds).toContain("input");
  });

  it("does not read a visit after 'when' as more than what sets it off", () => {
    const read = stepsIn("The tab crashes when opening https://shop.test/cart?id=4 in a private window.");
    expect(read.at).toBeNull();
    expect(read.kinds).not.toContain("input");
  });

  it("quotes the snippet as the steps when its first line holds no word", () => {
    const codes = scoreTicket({ summary: "Redirect drops the id", description: `${block}Navigating to https://shop.test/cart?id=4 lands on https://store.test/cart without the id.`, issue_type: "Bug" })
      .findings.map((f) => f.code);
    expect(codes).not.toContain("bug.no_steps");
  });
});

describe("fifteenth pass (firefox): ', like the ...' compares, it is no step", () => {
  it("does not read a comparison after a comma as a second action", () => {
    expect(stepsIn("Please show the warning above the form, in red, like the banners on the billing page.").at).toBeNull();
    expect(stepsIn("It would help if the list could remember the folders I pick, like my drafts folder.").at).toBeNull();
  });

  it("still reads 'like' as an action after 'and' or 'then', and two actions joined by a comma", () => {
    expect(stepsIn("Open the photo and like it, then reload the page.").at).not.toBeNull();
    expect(stepsIn("Open the photo, press the heart under it.").at).not.toBeNull();
  });
});

describe("fifteenth pass (firefox): a steps field filled with the failure", () => {
  const codesOf = (description: string) => scoreTicket({ summary: "Maps page broken", description, issue_type: "Bug" }).findings.map((f) => f.code);

  it("reads no steps in a steps field that only says what goes wrong", () => {
    expect(codesOf("Steps to reproduce:\n\nthe map stays grey since the last update, only the pins show.\n\nActual results:\n\nsee above\n\nExpected results:\n\n")).toContain("bug.no_steps");
    expect(codesOf("Steps to reproduce:\n\nit does not load any more\n\nActual results:\n\n\nExpected results:\n\n")).toContain("bug.no_steps");
  });

  it("still reads actions told or given in the field, even with verbs the readers do not list", () => {
    expect(codesOf("Steps to reproduce:\n\nOpened the map of Lyon and zoomed in twice.\n\nActual results:\n\nThe map stays grey.\n\nExpected results:\n\nThe streets show.")).not.toContain("bug.no_steps");
    expect(codesOf("Steps to reproduce:\n\nunplug the network cable; reload the map. It stays grey.\n\nActual results:\n\nsee above")).not.toContain("bug.no_steps");
  });
});

describe("fifteenth pass (firefox): a gerund's sentence does not run over a blank line", () => {
  it("does not read a log line's last word and the next paragraph as a gerund and its verb", () => {
    const log = "Notes I write on the tablet never reach the laptop.\n\n0815\tSync.Notes\tWARN\tEntry unreadable, skipping\n\nI tried logging out and back in, no change.";
    expect(stepsIn(log).kinds).not.toContain("gerund");
    expect(stepsIn(log.replace(/\n/g, " \n")).kinds).not.toContain("gerund");
    expect(stepsIn(log).at).toBeNull();
  });

  it("still reads a gerund subject, on one line or wrapped onto the next", () => {
    expect(stepsIn("Pasting a long link does nothing.").kinds).toContain("gerund");
    expect(stepsIn("Pasting a long link\ndoes nothing.").kinds).toContain("gerund");
  });
});

describe("fifteenth pass (firefox): a request to change an amount, or to update a thing to another", () => {
  it("reads 'can this be raised?' and 'please update it to ...' as requests", () => {
    expect(kindsOf("The undo list only holds ten entries. Could this be raised?")).toContain("request");
    expect(kindsOf("The limit of five pinned sites is too low. Can the limit be increased to twenty?")).toContain("request");
    expect(kindsOf("The help page still shows the old toolbar. Please update it to the new one.")).toContain("request");
  });

  it("does not read an amount that changed or an update told as requests", () => {
    expect(expectedIn("Someone reduced the undo list to ten entries.")).toEqual([]);
    expect(expectedIn("I updated it to the new version yesterday and the toolbar is gone.")).toEqual([]);
  });
});

describe("fifteenth pass (firefox): a description that says only since when, and that it is the same elsewhere", () => {

  it("leaves the title's failure standing", () => {
    expect(codesOf("The tab crashes whenever I open the calendar", "this began after the update. new profile, same problem.")).not.toContain("bug.no_actual_result");
    expect(codesOf("The tab crashes whenever I open the calendar", "bp-00000000-1111-2222-3333-444444444444\n\nit started two days ago. troubleshoot mode same thing")).not.toContain("bug.no_actual_result");
  });

  it("still asks what is seen when the description tells more", () => {
    expect(codesOf("The tab crashes whenever I open the calendar", "It started two days ago. Maybe the new theme I installed on Monday.")).toContain("bug.no_actual_result");
  });
});

describe("fifteenth pass (firefox): a steps field that names only a goal", () => {
  const codesOf = (description: string) => scoreTicket({ summary: "Android: no way to load a theme from a file", description, issue_type: "Bug" }).findings.map((f) => f.code);

  it("reads no steps in a steps field that says only what the reporter wanted to do", () => {
    expect(codesOf("Steps to reproduce:\nWanted to load a theme I made myself on my phone\nActual results:\nThe theme list offers only the gallery\nExpected results:\nA button to pick a file")).toContain("bug.no_steps");
  });

  it("still reads the steps that follow a goal", () => {
    expect(codesOf("Steps to reproduce:\nWanted to load my theme, so I opened Settings and tapped Themes\nActual results:\nOnly the gallery is offered")).not.toContain("bug.no_steps");
  });
});

describe("fifteenth pass (httpd): a question put with the negated auxiliary says what should be", () => {
  it("reads 'Isn't ... supposed to ...?' and 'Is ... not supposed to ...?' as what should happen", () => {
    expect(expectedIn("Isn't the lock supposed to be released after a minute?").map((r) => r.kind)).toContain("modal");
    expect(expectedIn("Aren't cached pages supposed to expire after an hour?").map((r) => r.kind)).toContain("modal");
    expect(expectedIn("Is the limit not supposed to apply to proxied requests?").map((r) => r.kind)).toContain("modal");
  });

  it("does not read a plain question on whether it is meant so", () => {
    expect(expectedIn("Is this supposed to happen?")).toEqual([]);
  });
});

describe("fifteenth pass (httpd): what the reporter took the program to do", () => {
  it("reads 'I thought X does Y' and 'we assumed it would' as what should happen", () => {
    expect(expectedIn('I thought "append" adds a second value to the header?').map((r) => r.kind)).toContain("expect");
    expect(expectedIn("I assumed the filter strips the cookie before the backend sees it.").map((r) => r.kind)).toContain("expect");
    expect(expectedIn("We thought it would fall back to the second server.").map((r) => r.kind)).toContain("expect");
  });

  it("does not read a belief about the cause or the state", () => {
    expect(expectedIn("I thought it was the proxy at first.")).toEqual([]);
    expect(expectedIn("I thought this is a known issue.")).toEqual([]);
    expect(expectedIn("I thought the logs were empty.")).toEqual([]);
    expect(expectedIn("I thought this morning I would send the log along.")).toEqual([]);
  });
});

describe("fifteenth pass (httpd): a message the program printed, after its number, run into the reporter's line", () => {
  it("does not read the message's 'should' as what should happen", () => {
    expect(expectedIn("since the update i see this on every restart: AH01234: The FooBar directive is obsolete, BazQux should be used instead. no idea what to change")).toEqual([]);
  });

  it("still reads the reporter's sentence after the message", () => {
    expect(expectedIn("Every night the server logs AH01234: limit reached. It should keep serving the other sites.").map((r) => r.kind)).toContain("modal");
  });
});

describe("fifteenth pass (httpd): directives the server knows, set to a number or a keyword inside sentences", () => {
  it("reads two of them as the configuration the failure comes out of", () => {
    expect(stepsIn("It happens with MaxRequestWorkers 400, ThreadsPerChild 25 and a few hundred open websockets.").kinds).toContain("config");
    expect(stepsIn("Our vhost has SSLVerifyClient require and SSLVerifyDepth 3, yet the backend never gets the header.").kinds).toContain("config");
    expect(stepsIn('The main config has AllowOverride AuthConfig and a user\'s .htaccess has "Options +ExecCGI"; every page then answers 500.').kinds).toContain("config");
  });

  it("does not read a directive named as the subject, nor one alone", () => {
    expect(stepsIn("ProxyPass rules are hard to read and ServerLimit docs are thin.").kinds).not.toContain("config");
    expect(stepsIn("We run with ServerLimit 16 and the server stops taking connections.").kinds).not.toContain("config");
  });

  it("does not read directives quoted as what a page says, nor a process list's command as a restart told", () => {
    expect(stepsIn('The German page says "Default: ServerLimit 16" but it should say "ServerLimit 256" as the English one does.').kinds).not.toContain("config");
    expect(stepsIn("With MaxRequestWorkers 200 the box swaps. ps shows:\n\n 3110 90210 /usr/sbin/httpd -k start\n 3111 91004 /usr/sbin/httpd -k start").kinds).not.toContain("config");
  });
});

describe("fifteenth pass (httpd): one line of configuration with the change to a host that sets the failure off", () => {
  it("reads the line and 'when the backend goes down' or 'when it is restarted' as the way there", () => {
    expect(stepsIn("Whenever the primary directory server goes down, every login is refused.\n\nAuthLDAPURL \"ldap://dir-a.example dir-b.example/o=corp?uid\"").at).not.toBeNull();
    expect(stepsIn("The worker logs a segfault when the upstream is restarted.\n\nProxyPass /api h2c://upstream:9000/").at).not.toBeNull();
  });

  it("does not read the line alone, nor a state of the reporter's", () => {
    expect(stepsIn("Every login is refused.\n\nAuthLDAPURL \"ldap://dir-a.example dir-b.example/o=corp?uid\"").at).toBeNull();
    expect(stepsIn("When I am down to one server, every login is refused.\n\nAuthLDAPURL \"ldap://dir-a.example/o=corp?uid\"").at).toBeNull();
  });
});

describe("fifteenth pass (httpd): an action asked about is not told as done", () => {
  it("does not read 'how do i set up ...?' as an action told", () => {
    expect(stepsIn("how do i set up the proxy for a backend with its own certificate? get a 502 every time").at).toBeNull();
    expect(stepsIn("Can we enable compression for one vhost only? Then open the page.").at).toBeNull();
  });

  it("still reads actions told", () => {
    expect(stepsIn("I configured the proxy for the backend and restarted it.").at).not.toBeNull();
  });
});

describe("fifteenth pass (httpd): another release with its library, the same configuration, and what it did", () => {
  it("reads 'With 2.4.x and OpenSSL 3.0 the same config only logged ...' as a case that works", () => {
    expect(expectedIn("With 2.4.41 and OpenSSL 1.1 the same config only warned once and went on serving.").map((r) => r.kind)).toContain("working_case");
    expect(expectedIn("On 2.4.50 + 1.1.1 the same setup just skipped the broken vhost.").map((r) => r.kind)).toContain("working_case");
  });

  it("does not read a failure told of the other release", () => {
    expect(expectedIn("With 2.4.41 and OpenSSL 1.1 the same config only crashes later.")).toEqual([]);
  });
});

describe("fifteenth pass (httpd): what people still run or use is their habit", () => {
  it("does not read 'we still run ...' as a state of the program that did not change", () => {
    expect(observedIn("We still run the 2.2 branch on an old box for one internal tool.")).toEqual([]);
  });

  it("still reads a process or a value that did not change", () => {
    expect(observedIn("The old child process still runs after the graceful restart.").length).toBeGreaterThan(0);
  });
});

describe("fifteenth pass (httpd): a heading over the fix the reporter proposes", () => {

  it("reads what stands under 'Proposed fix' as what should happen", () => {
    expect(codesOf("mime.types lacks the AVIF type", "h3. Problem\n*.avif files are served as application/octet-stream.\n\nh3. Proposed fix\n{code}\nimage/avif    avif\n{code}")).not.toContain("bug.no_expected_result");
  });

  it("does not read the heading word inside a sentence", () => {
    expect(codesOf("mime.types lacks the AVIF type", "*.avif files are served as application/octet-stream. I have no proposed fix yet.")).toContain("bug.no_expected_result");
  });
});

describe("fifteenth pass (httpd): what the program under test is fed, written out under the sentence that names it", () => {
  it("reads a script's or a backend's output given as lines as the test case", () => {
    expect(stepsIn("A CGI script that prints\n\n    Status: 304 Not Modified\n    Content-Type: text/html\n\ngets a body added by the server.").at).not.toBeNull();
    expect(stepsIn("Our backend returning:\n\n  HTTP/1.1 200 OK\n  Transfer-Encoding: chunked, chunked\n\nis passed through unchanged.").at).not.toBeNull();
  });

  it("does not read a script named with one line of what it says", () => {
    expect(stepsIn("The backend returns a 200 with an empty body.").at).toBeNull();
  });
});

describe("fifteenth pass (httpd): a patch's corrected line in a report on a typo", () => {
  const patch = "Index: docs/guide.xml\n--- docs/guide.xml\t(revision 10)\n+++ docs/guide.xml\t(working copy)\n@@ -5,3 +5,3 @@\n     <p>The cache is\n-    cleared when when the server restarts.</p>\n+    cleared when the server restarts.</p>\n     <p>More text.</p>";

  it("reads the line put in as what the text should be", () => {
    expect(codesOf("docs: repeated word in the cache guide", `Small typo fix for the guide.\n\n${patch}`)).not.toContain("bug.no_expected_result");
  });

  it("does not read a patch in a report on anything else", () => {
    expect(codesOf("cache is cleared on restart", `The cache is cleared on every restart.\n\n${patch}`)).toContain("bug.no_expected_result");
  });
});

describe("fifteenth pass (httpd): the reporter's own reading and doubt", () => {
  it("does not read how often the reporter read a page, nor that they still do not understand it", () => {
    expect(observedIn("I read the rewrite guide four times and still don't understand which flag I need.")).toEqual([]);
    expect(observedIn("We checked the mod_cache page twice and still don't know which directive applies.")).toEqual([]);
  });

  it("still reads a failure that comes back and a program that still does not start", () => {
    expect(observedIn("The child crashed three times this morning.").length).toBeGreaterThan(0);
    expect(observedIn("The server still doesn't start.").length).toBeGreaterThan(0);
  });
});

describe("fifteenth pass, read-14 (firefox): a thing stated as listed or shown somewhere", () => {
  it("reads a sentence that says where a thing is listed or shown as what happens", () => {
    expect(observedIn("The deleted bookmark is listed in the Library window.").length).toBeGreaterThan(0);
    expect(observedIn("Open the sidebar.\n\nThe closed tabs are shown under the history menu.").length).toBeGreaterThan(0);
    expect(observedIn("The page saved while offline is displayed in the reading list.").length).toBeGreaterThan(0);
  });
});

describe("fifteenth pass, read-14 (firefox): a value called correct, under a session whose lines an export ran together", () => {
  it("reads a value given in brackets, quotes or figures and called correct as what should happen", () => {
    expect(expectedIn("The debug build's count (12) is correct; the release build counts 11.").length).toBeGreaterThan(0);
    expect(expectedIn("The width 300 is right, the page lays it out at 280.").length).toBeGreaterThan(0);
  });

  it("does not read a value called correct inside the session's output, nor a failure called wrong", () => {
    expect(expectedIn("$ ./calc total.txt\n12 is correct\n$ ./calc -O total.txt\n11").filter((r) => r.kind !== "working_case")).toEqual([]);
    expect(expectedIn("The count (11) is wrong.")).toEqual([]);
  });

  it("ends the session at the reporter's verdict on what it printed, where no blank line does", () => {
    const text = "$ ./calc total.txt\n12\n$ ./calc -O total.txt\n11\nThe plain run (12) is correct, with -O the count is off by one.";
    expect(expectedIn(text).length).toBeGreaterThan(0);
    expect(withoutSessions(text)).toContain("is correct");
  });
});

describe("fifteenth pass, read-14 (firefox): the form's attachment line over a test case", () => {
  it("reads an attachment the form records, described as a test case, as the way there", () => {
    expect(stepsIn("Created an attachment (id=4411)\nreduced testcase\n\nOpening it in a debug build trips an assertion.").at).not.toBeNull();
    expect(stepsIn("Created an attachment (id=98)\ntest case for the overflow\n\nThe frame is painted twice.").at).not.toBeNull();
  });

  it("does not read an attachment described as anything else", () => {
    expect(stepsIn("Created an attachment (id=4411)\nscreenshot of the toolbar\n\nThe icons overlap.").at).toBeNull();
  });
});

describe("fifteenth pass, read-14 (firefox): a 'me too' under a title that says what is seen", () => {

  it("leaves the title's account standing under '+1', 'me too' or 'same on ...'", () => {
    expect(codesOf("Bookmark sidebar takes 10 seconds to open", "+1, same on my laptop with a large profile (about 60MB).")).not.toContain("bug.no_actual_result");
    expect(codesOf("Bookmark sidebar takes 10 seconds to open", "Me too. Same with a fresh profile on Windows 7.")).not.toContain("bug.no_actual_result");
  });

  it("still asks what is seen under a title that only names the failure", () => {
    expect(codesOf("Bookmark sidebar broken", "+1, same on my laptop with a large profile.")).toContain("bug.no_actual_result");
  });
});

describe("fifteenth pass, read-14 (firefox): two buttons named as a sentence's subject", () => {
  it("does not read 'X and Y are ...' as two actions when X and Y are verbs that name buttons", () => {
    expect(stepsIn("Back and Refresh are never shown at the same time.").at).toBeNull();
    expect(stepsIn("Print and Save were both greyed out in the dialog.").at).toBeNull();
  });

  it("still reads two actions joined by 'and'", () => {
    expect(stepsIn("Open the preferences and close them again.").at).not.toBeNull();
  });
});

describe("fifteenth pass, read-14 (firefox): a clause that tells of a thing named before it", () => {
  it("does not read 'the pages I visited before' as an action told", () => {
    const read = stepsIn("When I open a new tab it lists the sites I visited before.");
    expect(read.at).toBeNull();
    expect(read.trigger).toBeDefined();
    expect(stepsIn("It would help to keep every tab I pin, not only the first.").trigger).toBeUndefined();
  });

  it("still reads actions told after a place named with a preposition, and a verb with its object", () => {
    expect(stepsIn("In the options I unchecked the box, then I restarted the browser.").at).not.toBeNull();
    expect(stepsIn("I closed the window and then the tab I reopened showed nothing.").at).not.toBeNull();
  });
});

describe("fifteenth pass, read-14 (httpd): a title's noun told what it did in the past", () => {
  it("does not read a noun that is also a verb, with a past verb and its object after it, as a request", () => {
    expect(titleAsksFor("Request exceeded the size limit of the proxy")).toBeNull();
    expect(titleAsksFor("Update removed all my virtual hosts")).toBeNull();
  });

  it("still reads a request whose object has a participle before it", () => {
    expect(titleAsksFor("Remove deprecated directives from the sample config")).not.toBeNull();
    expect(titleAsksFor("Show hidden files in the listing")).not.toBeNull();
  });
});

describe("fifteenth pass, read-14 (httpd): a me-too points at the title's failure", () => {

  it("reads the title's message as what happens when the description only says the reporter meets it too", () => {
    expect(codesOf("AH01630: client denied by server configuration", "+1, same on Gentoo after moving to 2.4 last week, config carried over.")).not.toContain("bug.no_actual_result");
    expect(codesOf("AH01630: client denied by server configuration", "Me too with the Ubuntu package since the update on Friday, nothing changed in my vhosts.")).not.toContain("bug.no_actual_result");
  });

  it("still asks for the account when the description is not a me-too", () => {
    expect(codesOf("AH01630: client denied by server configuration", "We moved to 2.4 last week on Gentoo and carried the config over from the old box.")).toContain("bug.no_actual_result");
  });
});

describe("fifteenth pass, read-14 (httpd): a proposal to carry a change to another branch", () => {

  it("reads no account of what happens in a backport that tells no failure", () => {
    const codes = codesOf("Backport r2001 to 2.4.x (mod_headers: accept a list in Header echo)",
      "Proposing this revision for the stable branch, patch against the branch head attached. It has been on trunk for two months and the test suite passes, votes welcome.");
    expect(codes).toContain("bug.no_actual_result");
    expect(codes).toContain("bug.no_impact");
  });

  it("still reads the failure a backport names", () => {
    expect(codesOf("Backport r2002 to 2.4.x", "The child process segfaults on every graceful restart when mod_lua is loaded; the fix on trunk stops it.")).not.toContain("bug.no_actual_result");
  });
});

describe("fifteenth pass, read-14 (httpd): a question that asks which behaviour is the right one", () => {
  it("reads no expected result in 'what is the right way' or 'what's the correct behaviour'", () => {
    expect(expectedIn("hello, what is the right way to serve a maintenance page for every vhost on 2.4? with ErrorDocument or with a rewrite?")).toEqual([]);
    expect(expectedIn("So what's the correct behaviour when a client sends both headers?")).toEqual([]);
  });

  it("still reads the right behaviour stated", () => {
    expect(expectedIn("The right way would be to send a 304 here.").length).toBeGreaterThan(0);
    expect(expectedIn("The correct value is 30 seconds, as the page says.").length).toBeGreaterThan(0);
    expect(expectedIn("The old page hid the list from that user, which was the desired behaviour.").length).toBeGreaterThan(0);
  });
});

describe("fifteenth pass, read-14 (httpd): an enhancement named without its article and said to do what it asks", () => {
  it("reads what the enhancement or the patch lets the program do as what should happen", () => {
    expect(expectedIn("Small enhancement, lets ProxyPass take a list of backends separated by commas.").map((r) => r.kind)).toContain("wish");
    expect(expectedIn("Minor patch: adds a switch to keep the old log files.").map((r) => r.kind)).toContain("wish");
  });

  it("does not read an enhancement that is only mentioned", () => {
    expect(expectedIn("The enhancement from last year broke the listing.").map((r) => r.kind)).not.toContain("wish");
  });
});

describe("fifteenth pass, read-14 (httpd): a wish told by who would benefit from it", () => {
  it("reads 'would benefit from' a thing asked for as a wish", () => {
    expect(expectedIn("Our dashboards would benefit from a CSV export of the balancer table.").map((r) => r.kind)).toContain("wish");
    expect(expectedIn("Packagers would really benefit from having the version in the file name.").map((r) => r.kind)).toContain("wish");
  });

  it("does not read a benefit told of what is there", () => {
    expect(expectedIn("We benefit from the cache on every page load.")).toEqual([]);
  });
});

describe("fifteenth pass, read-14 (httpd): a patch's lines are the fix, not what is seen", () => {
  const patch = "Index: modules/mappers/mod_alias.c\n--- modules/mappers/mod_alias.c\t(revision 500)\n+++ modules/mappers/mod_alias.c\t(working copy)\n@@ -20,4 +20,7 @@\n-    rv = parse_target(arg);\n+    rv = resolve_target(arg);\n+    if (rv != OK) {\n+        return \"Alias: Error resolving the target\";\n+    }";

  it("reads no failure in the lines a patch takes out or puts in", () => {
    expect(observedIn(`Lets Alias take a name that is looked up at start.\n\n${patch}`)).toEqual([]);
  });

  it("still reads the failure told above the patch", () => {
    expect(observedIn(`Alias with a host name fails at start with a syntax error.\n\n${patch}`).length).toBeGreaterThan(0);
  });
});

describe("fifteenth pass, read-14 (httpd): directives named in a wish are the change asked for", () => {
  it("reads no configuration in directives a wish proposes", () => {
    expect(stepsIn("It would be good to have a directive, e.g. ProxyRetryBindAs / ProxyRetryBind on, so that the same ProxyUser/ProxyPass are used.").kinds).not.toContain("config");
    expect(stepsIn("It would be nice to have e.g. ProxyRetryMode on / ProxyRetryAuth on for the balancer.").kinds).not.toContain("config");
  });

  it("still reads two directives told as the setup", () => {
    expect(stepsIn("We have SSLUseStapling on and SSLStaplingCache shmcb:/tmp/stapling in the vhost, and every page is cached.").kinds).toContain("config");
  });
});

describe("fifteenth pass, read-14 (httpd): 'That way' after a wish tells what the change would bring", () => {
  it("reads no failure in the sentence that opens 'That way' after a wish", () => {
    expect(observedIn("It would be nice if the balancer could drain a member before a reload. That way users don't lose their sessions.")).toEqual([]);
  });

  it("still reads it after an account of what happens", () => {
    expect(observedIn("The balancer drops a member on every reload. That way users lose their sessions.").length).toBeGreaterThan(0);
  });
});

describe("fifteenth pass, read-14 (httpd): a docs sentence that ends by naming its example", () => {
  it("reads the block under it as the page's text, not the reporter's setup", () => {
    const text = "In the 2.4 docs for Require the text says that all of the lines must match, and right below it the example\n\n  Require ip 10.0.0.0/8\n  Require host example.org\n\nis said to let in either. Confusing.";
    expect(stepsIn(text).kinds).not.toContain("config");
  });

  it("still reads the reporter's own example as the setup", () => {
    const text = "Here is an example\n\n  Require ip 10.0.0.0/8\n  Require host example.org\n\nand every request from 10.1.2.3 gets a 403.";
    expect(stepsIn(text).kinds).toContain("config");
  });
});

describe("fifteenth pass, read-14 (httpd): refusing or rejecting what is given is a failure", () => {
  it("reads a refusal or a rejection told of the program or of the one it talks to", () => {
    expect(observedIn("The proxy follows the redirect but sends no credentials, which the upstream refuses.").length).toBeGreaterThan(0);
    expect(observedIn("The upload form rejected every file larger than a megabyte.").length).toBeGreaterThan(0);
  });

  it("does not read the bare verb of an instruction or a wish", () => {
    expect(observedIn("It should reject a header with two values.")).toEqual([]);
  });
});

describe("sixteenth pass, the shared reports: the line under an introduction of what the program printed", () => {
  it("reads no expectation in the program's message set under 'I get the following error:' or 'it says:'", () => {
    for (const text of [
      "When I call the export with no token I get back the following error:\n\nFatal: 41: The request must be signed with a client key",
      "Uploading a second avatar fails. The server responds with:\nEach profile should have exactly one avatar.",
      "Saving without a name, it says:\n  A name must be given before the draft can be saved.",
    ]) expect(kindsOf(text), text).toEqual([]);
  });

  it("still reads the reporter's own expectation, under an introduction or after the message", () => {
    expect(kindsOf("I get the following error:\nQuota exceeded\nThe upload should go through: the file is 2 KB.")).toContain("modal");
    expect(kindsOf("What we should get instead:\nThe list must keep its order.")).toContain("modal");
    expect(kindsOf("Saving the draft with an empty name must show a warning.")).toContain("modal");
  });

  it("fires the missing expected result on a report whose only 'must' is the program's", () => {
    const description = "When I save a template without a title I get:\n\nEvery template must include a title and a body.\n\nAm I missing anything?";
    expect(codesOf("Cannot save a template without a title", description)).toContain("bug.no_expected_result");
  });
});

describe("sixteenth pass, the shared reports: a doubt about what should happen states none", () => {
  it("reads no expectation in a clause the reporter doubts", () => {
    for (const text of [
      "I do not know if the sync result should always be a list or if an empty string is fine.",
      "It's also not clear that the cached thumbnails should be removed when the album is deleted.",
      "Not sure whether the import must keep the original timestamps.",
      "Wondering if the badge should count muted threads at all.",
    ]) expect(kindsOf(text), text).toEqual([]);
  });

  it("still reads an expectation after the doubt ends, or one stated plainly", () => {
    expect(kindsOf("Not sure if this is a bug, but the badge should not count muted threads.")).toContain("modal");
    expect(kindsOf("I don't know why. The badge should not count muted threads.")).toContain("modal");
    expect(kindsOf("The badge should not count muted threads.")).toContain("modal");
  });
});

describe("sixteenth pass, the shared reports: 'need to' of what the reader must do, or of fixing the report itself", () => {
  it("reads no expectation in what one would need to do to see it, nor in a call to address the issues listed", () => {
    for (const text of [
      "To see the error you would need to sign up on the site first. Then add a product.",
      "You'd need to open two tabs for it to show.",
      "Need to address the following import issues:\n1. Unmapped fields are lost.",
      "We need to look into this soon.",
    ]) expect(kindsOf(text), text).toEqual([]);
  });

  it("still reads what the program needs to do", () => {
    expect(kindsOf("The importer needs to keep unmapped fields.")).toContain("modal");
    expect(kindsOf("The form needs to address the user by name.")).toContain("modal");
    expect(kindsOf("Saving needs to be possible without a title.")).toContain("modal");
  });
});

describe("sixteenth pass, the shared reports: 'instead of expected results' names no result", () => {
  it("reads no expectation in an expected result named but not said", () => {
    for (const text of [
      "5. Result: you get some garbled text instead of expected results:",
      "The export writes rubbish rather than the correct output.",
      "It shows a stack trace instead of the expected page.",
    ]) expect(kindsOf(text), text).toEqual([]);
  });

  it("still reads one that says what was expected", () => {
    expect(kindsOf("It returns 500 instead of the expected 200 OK.")).toContain("expect");
    expect(kindsOf("The total shows 21% instead of 23%.")).toContain("expect");
    expect(kindsOf("You get garbled text instead of the expected results: the three rows of the query.")).toContain("expect");
  });
});

describe("sixteenth pass, the shared reports: asking for a solution is asking for work", () => {
  it("reads no request in 'please provide a solution' or 'a fix'", () => {
    for (const text of [
      "Someone please provide a solution as it is very urgent.",
      "Please provide a quick fix, our launch is on Monday.",
    ]) expect(kindsOf(text), text).toEqual([]);
  });

  it("still reads a request for what the program should provide", () => {
    expect(kindsOf("Please provide an option to keep the old layout.")).toContain("request");
  });
});

describe("sixteenth pass, the shared reports: the reporter's choice between two ways of doing it", () => {
  it("reads no expectation in 'when using X instead of Y' or 'Would calling X rather than Y help?'", () => {
    for (const text of [
      "The same error happens when using the share form instead of a plain link.",
      "Would calling the batch endpoint rather than the single one be a way around the limit?",
      "It also fails if I select the PDF printer instead of the default one.",
    ]) expect(kindsOf(text), text).toEqual([]);
  });

  it("still reads what the program does instead", () => {
    expect(kindsOf("The share form posts the page title instead of the link.")).toContain("expect");
    expect(kindsOf("When saving, it writes UTF-16 instead of UTF-8.")).toContain("expect");
  });
});

describe("sixteenth pass, the shared reports: the people we should bring in", () => {
  it("reads no expectation in 'we should probably find a usability expert to ...'", () => {
    for (const text of [
      "We should probably find a usability expert to look at the default colours.",
      "We should hire a designer for the icons.",
    ]) expect(kindsOf(text), text).toEqual([]);
  });

  it("still reads what the program should find or get", () => {
    expect(kindsOf("The search should find the people named in the subject.")).toContain("modal");
    expect(kindsOf("The installer should get the latest packages.")).toContain("modal");
  });
});

describe("sixteenth pass, the shared reports: recommending a thing to people is no suggestion", () => {
  it("reads no wish in 'I suggest the app to friends'", () => {
    expect(kindsOf("I suggest the app to friends, they start using it, and then it is blocked.")).toEqual([]);
    expect(kindsOf("We recommend our game to all our followers every week.")).toEqual([]);
  });

  it("still reads a suggestion of what the program should do", () => {
    expect(kindsOf("I suggest adding a limit to the title length.")).toContain("wish");
    expect(kindsOf("I suggest the dialog to stay open until the upload ends.")).toContain("wish");
  });
});

describe("sixteenth pass: a deadline set on work asked for is no time the program worked", () => {
  it("reads no case that works in 'before the release' after a plea or an order", () => {
    for (const text of [
      "We need to look into this before the release.",
      "The export crashes. Fix it before the launch.",
      "Please sort it out until Friday.",
    ]) expect(kindsOf(text), text).toEqual([]);
  });

  it("still reads a time the program worked", () => {
    expect(kindsOf("The export worked before the release.")).toContain("working_case");
    expect(kindsOf("It should work as it did before the update.")).toContain("working_case");
  });

  it("fires the missing expected result on a plea with a deadline", () => {
    expect(codesOf("Checkout broken", "Checkout is broken for everyone. Please fix it before the release!!")).toContain("bug.no_expected_result");
  });
});

describe("sixteenth pass, read-15 (httpd): a report on a typo quotes the wrong text", () => {
  it("reads the text quoted as what is seen, and the page that says it as no expected result", () => {
    const codes = codesOf("Typo in the install guide: proxy section", "The install guide for the proxy module says 'teh' in its first sentence.");
    expect(codes).not.toContain("bug.no_actual_result");
    expect(codes).toContain("bug.no_expected_result");
    expect(codesOf("PATCH: spelling in the sample config", "the sample config has 'recieve' in the logging comment. patch attached.")).not.toContain("bug.no_actual_result");
  });

  it("still reads what the docs say as the expected result in a report that is not on wording", () => {
    expect(codesOf("Retry interval ignored", "The docs say 'retry defaults to 60 seconds' but the proxy retries every second.")).not.toContain("bug.no_expected_result");
  });
});

describe("sixteenth pass, read-15 (httpd): starting to meet a failure is no action told", () => {
  it("reads no narrated action in 'we start getting', 'I began seeing'", () => {
    expect(stepsIn("After a day we start getting segfaults.").trigger).toBeUndefined();
    expect(stepsIn("After a week with the cache on we started seeing 502s and kept hitting the limit.").at).toBeNull();
  });

  it("still reads an action begun ('I started typing ... and pressed Enter')", () => {
    expect(stepsIn("I started typing in the box and pressed Enter.").at).not.toBeNull();
  });
});

describe("sixteenth pass, read-15 (httpd): one directive inside a sentence with a change to a host the server talks to", () => {
  it("reads the directive and the host's restart as the way there, as one line of configuration is", () => {
    expect(stepsIn("We use ProxyPass /app ajp://10.0.0.2:8009/app and when the backend is redeployed every request gets a 503 for a minute.").kinds).toContain("config");
  });

  it("still reads one directive inside a sentence alone as no steps", () => {
    expect(stepsIn("We use ProxyPass /app ajp://10.0.0.2:8009/app and every request gets a 503 now and then.").kinds).not.toContain("config");
  });
});

describe("sixteenth pass, read-15 (httpd): a request told by its method meets one directive inside a sentence", () => {
  it("reads a method named with its article and what it carries, with one directive inside a sentence, as the way there", () => {
    expect(stepsIn("A PROPFIND with Depth: infinity on /dav/ returns 403. This is with DavDepthInfinity On in the vhost.").kinds).toContain("config");
    expect(stepsIn("Every POST with a body over 1 MB fails with 413. We have LimitRequestBody 0 in the vhost.").kinds).toContain("config");
  });

  it("still reads the method alone, or the directive alone, as no steps", () => {
    expect(stepsIn("A PROPFIND with Depth: infinity on /dav/ returns 403.").at).toBeNull();
    expect(stepsIn("This is with DavDepthInfinity On in the vhost and listings return 403.").at).toBeNull();
  });
});

describe("sixteenth pass, read-15 (httpd): a directive said to be set in a configuration file, whatever its value", () => {
  it("reads a directive with a lower-case value set in a file, with the start-up failure it meets, as the way there", () => {
    expect(stepsIn("SSLCryptoDevice foo in ssl.conf and httpd dumps core on startup.").kinds).toContain("config");
  });

  it("does not read the directive named as a thing, nor one with no start-up failure or request", () => {
    expect(stepsIn("The ProxyPass rules in httpd.conf break at startup.").kinds).not.toContain("config");
    expect(stepsIn("ProxyPass lines in the vhost break at startup.").kinds).not.toContain("config");
    expect(stepsIn("SSLCryptoDevice foo in ssl.conf, and nothing else is set.").kinds).not.toContain("config");
  });
});

describe("sixteenth pass, read-15 (httpd): a script the reporter tested with, said attached, is the test case", () => {
  it("reads 'Tested with a ... script (attached)' as the way there", () => {
    expect(stepsIn("The worker stays busy for minutes. Tested with a short perl script (attached) against 2.4.10.").kinds).toContain("testcase");
  });

  it("does not read the script when it is not attached, nor a log attached", () => {
    expect(stepsIn("The worker stays busy for minutes. Tested with a short perl script against 2.4.10.").at).toBeNull();
    expect(stepsIn("The worker stays busy for minutes. Tested with 2.4.10, error log attached.").at).toBeNull();
  });
});

describe("sixteenth pass, read-15 (httpd): requests sent one after the other are the way there", () => {
  it("reads methods joined by 'then' or 'followed by' as a sequence of actions", () => {
    expect(stepsIn("The sync client does MKCOL then PUT. If the PUT is refused an empty folder is left.").kinds).toContain("actions");
    expect(stepsIn("The client sends a HEAD followed by a GET and the second one hangs.").at).not.toBeNull();
  });

  it("does not read methods named together as a sequence", () => {
    expect(stepsIn("Both GET and POST return 405.").at).toBeNull();
  });
});

describe("sixteenth pass, read-15 (firefox): a thing named with a clause of its own before 'should'", () => {
  it("reads what should be of a thing the reporter names with a clause in the past", () => {
    expect(expectedIn("Windows I minimized should come back at their old size.").map((r) => r.kind)).toContain("modal");
    expect(expectedIn("The drafts you deleted should stay deleted.").map((r) => r.kind)).toContain("modal");
  });

  it("still reads no expectation in the person's own 'should', with or without an adverb", () => {
    expect(expectedIn("I really should clear the cache first.")).toEqual([]);
    expect(expectedIn("I should have saved before that.")).toEqual([]);
  });
});

describe("sixteenth pass, read-15 (firefox): a browser tracker's form run onto one line", () => {
  const head = "User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:9.0) Gecko/20100101 Firefox/9.0 Build ID: 20111220165912";

  it("reads the steps field told after the form's first fields as the steps", () => {
    const text = `${head} Steps to reproduce: Opened the bookmarks sidebar, dragged a folder onto another, pressed Ctrl+Z Actual results: the folder stays moved Expected results: the folder should go back where it was`;
    expect(codesOf("Undo does not move a bookmark folder back", text)).not.toContain("bug.no_steps");
  });

  it("still finds no steps where the form's steps field is left empty, and keeps the words after the build as the account", () => {
    const text = "User Agent: Mozilla/5.0 (X11; Linux x86_64; rv:9.0) Gecko/20100101 Firefox/9.0 Build Identifier: Mozilla/5.0 (X11; Linux x86_64; rv:9.0) Gecko/20100101 Firefox/9.0 the find bar stays open on every new tab, even after it was closed. Reproducible: Always Steps to Reproduce: Actual Results: Expected Results:";
    const codes = codesOf("Find bar stays open", text);
    expect(codes).toContain("bug.no_steps");
    expect(codes).not.toContain("bug.no_actual_result");
  });
});

describe("sixteenth pass, read-15 (firefox): a snippet as the subject of a sentence that tells what it does wrong", () => {
  it("reads the code under 'the following <does something wrong>:' as the reproduction", () => {
    const text = "Since 4.0 the following\nputs the caret at the start of the field instead of after the text:\n\n  field.value = \"abc\"; field.focus();";
    expect(stepsIn(text).kinds).toContain("repro");
    expect(codesOf("Caret lands at the start of a filled field", text)).not.toContain("bug.no_steps");
    expect(stepsIn("The following snippet produces a syntax error in the console, though it looks valid:\n\nlet x = 0o8;").kinds).toContain("repro");
  });

  it("still reads no reproduction where the sentence tells nothing wrong, or names what the program printed", () => {
    expect(stepsIn("The following shows the preference we keep in every profile:\n\n  user_pref(\"browser.tabs.loadInBackground\", false);").kinds).not.toContain("repro");
    expect(stepsIn("Out of nowhere the following exception is written to the console on every start:\n\n  [Exception... \"Component returned failure code\"]").kinds).not.toContain("repro");
  });
});

describe("sixteenth pass, read-15 (firefox): a setting the reporter made, told before the action that fails", () => {
  it("reads a setting set in the options, or a quoted option in its state, with the action as the way there", () => {
    expect(codesOf("Search opens in the same tab", "We have set the search target to new tab in the preferences. When we search from the toolbar the results replace the page.")).not.toContain("bug.no_steps");
    expect(codesOf("Downloads are not saved", "I have \"Always ask where to save files\" unchecked. Every time I download a PDF nothing is saved.")).not.toContain("bug.no_steps");
  });

  it("still reads one action alone, and a pronoun set as the case tried", () => {
    expect(stepsIn("When we search from the toolbar the results replace the page.").at).toBeNull();
    expect(stepsIn("Middle-clicking a tab does nothing. I set it to false in the preferences and it works.").at).toBeNull();
  });
});

describe("sixteenth pass, read-15 (firefox): a condition told as coming after another", () => {
  it("reads 'then when I ...' after an earlier condition as the second of two actions in order", () => {
    expect(stepsIn("After closing the last window the icon stays in the dock. Then when I click the icon nothing opens.").at).not.toBeNull();
    expect(stepsIn("When I pin the tab it moves left, and then if I reload the page the pin is gone.").at).not.toBeNull();
  });

  it("still reads two conditions told side by side as one trigger each, not a way there", () => {
    expect(stepsIn("When I click the icon nothing opens. When I click it again nothing opens either.").at).toBeNull();
    expect(stepsIn("Then when I click the icon nothing opens.").at).toBeNull();
  });
});

describe("sixteenth pass, read-15 (firefox): a title labelled with the sort of change that fixes no failure", () => {
  it("reads a 'Cleanup:' title over code no longer used as a change asked for, with no account of what happens", () => {
    expect(codesOf("Cleanup: drop unused nsIFooBar includes", "Several headers still include nsIFooBar although nothing has used it since the interfaces were merged. The patch drops them. No functional change.")).toContain("bug.no_actual_result");
  });

  it("still reads the account under a prefix that names only the area", () => {
    expect(codesOf("[places] clean up the unused observer list", "The observer list in the history service does too much work at startup. We should build it lazily on first use.")).not.toContain("bug.no_actual_result");
  });
});

describe("seventeenth pass, the shared reports: what the documentation leads the reporter to believe", () => {
  it("reads the behaviour the help or the manual leads the reporter to expect", () => {
    expect(expectedIn("Reading the manual on filters leads me to believe that a disabled filter is skipped by every job.").length).toBeGreaterThan(0);
    expect(expectedIn("The Eclipse help on scopes led us to expect that a child scope inherits its parent's bindings.").length).toBeGreaterThan(0);
    expect(expectedIn("The javadoc suggests the stream is closed by the caller, not by the reader.").length).toBeGreaterThan(0);
  });

  it("does not read what a help desk said, nor documentation that says nothing", () => {
    expect(expectedIn("The help desk led us to believe it was fixed last week, but the export still fails.")).toEqual([]);
    expect(expectedIn("The manual does not suggest any setting for this.")).toEqual([]);
  });
});

describe("seventeenth pass, the shared reports: another program that shows it right is a case that works", () => {
  it("reads another program or another place that shows, renders or prints it correctly", () => {
    expect(expectedIn("The diff pane garbles the Greek file names. Meld shows them correctly.").length).toBeGreaterThan(0);
    expect(expectedIn("The label printer cuts the barcode in half; the old driver printed it fine.").length).toBeGreaterThan(0);
  });

  it("does not read one that does not", () => {
    expect(expectedIn("The diff pane garbles the Greek file names. Meld does not show them correctly either.")).toEqual([]);
    expect(expectedIn("The label printer never prints it correctly.")).toEqual([]);
  });
});

describe("seventeenth pass, the shared reports: a case that works set against the one that fails", () => {
  it("reads 'works when A, but not when B' as the case that works", () => {
    expect(expectedIn("The coupon works when I pay by card, but not with a gift voucher.").length).toBeGreaterThan(0);
    expect(expectedIn("This feed works fine in the reader app but fails in the web widget.").length).toBeGreaterThan(0);
  });

  it("does not read it when neither works", () => {
    expect(expectedIn("The coupon no longer works when I pay by card, but not with a voucher either.")).toEqual([]);
    expect(expectedIn("It doesn't work in the app, but not in the widget either.")).toEqual([]);
  });
});

describe("seventeenth pass, the shared reports: a case that runs without a problem", () => {
  it("reads another case, user or version that works or runs without problems as the case that works", () => {
    expect(expectedIn("For the other tenants we can export 500 rows without a problem.").length).toBeGreaterThan(0);
    expect(expectedIn("The same add-on works without any issues in version 4.1.").length).toBeGreaterThan(0);
  });

  it("does not read a run without errors that still fails, nor one that cannot", () => {
    expect(expectedIn("The nightly sync runs without errors but half the invoices are missing afterwards.")).toEqual([]);
    expect(expectedIn("I cannot open the archive without an error.")).toEqual([]);
  });
});

describe("seventeenth pass, read-16 (firefox): what the pages get instead", () => {
  it("reads '<they> get X instead of Y' as what happens", () => {
    expect(reads(observedIn("On macOS, if a typeface ships just an italic cut, headings get the system font for upright text instead of a slanted one."))).toBe(true);
  });

  it("still reads what they should get instead as no account", () => {
    expect(reads(observedIn("Headings should get the system font for upright text instead of a slanted one."))).toBe(false);
  });
});

describe("seventeenth pass, read-16 (firefox): another browser's engine, or Konqueror, doing it", () => {
  it("reads 'WebKit <does> it' as a case that works", () => {
    expect(kindsOf("The panel appears at once without the fade. WebKit fades it in.")).toContain("working_case");
    expect(kindsOf("The scroll position is lost on back. Konqueror keeps it.")).toContain("working_case");
  });

  it("still reads the engine doing the same as no case that works", () => {
    expect(kindsOf("The panel appears at once without the fade. WebKit fades it in too.")).not.toContain("working_case");
  });
});

describe("seventeenth pass, read-16 (firefox): another browser said not to, the verb left out", () => {
  it("reads 'Opera doesn't.' after the failure as a case that works", () => {
    expect(kindsOf("Double-clicking the row opens two editors. Opera doesn't.")).toContain("working_case");
    expect(kindsOf("Pressing Enter submits the search twice, but Safari does not.")).toContain("working_case");
  });

  it("still reads 'doesn't either' and a negation with its verb as no case that works", () => {
    expect(kindsOf("Double-clicking the row opens two editors. Opera doesn't either.")).not.toContain("working_case");
    expect(kindsOf("Double-clicking the row opens two editors. Opera doesn't support rows.")).not.toContain("working_case");
  });
});

describe("seventeenth pass, read-16 (firefox): the same thing said to be fine where it is named after", () => {
  it("reads 'Same <thing> is fine in X' as a case that works", () => {
    expect(kindsOf("The glyphs are drawn apart. Same form is fine in Opera and in the 2.0 build.")).toContain("working_case");
  });

  it("still reads the same thing broken elsewhere as no case that works", () => {
    expect(kindsOf("The glyphs are drawn apart. The same form is broken in Opera.")).not.toContain("working_case");
  });
});

describe("seventeenth pass, read-16 (firefox): the program coming back after its failure", () => {
  it("reads 'After the stall it works normally' as no case that works", () => {
    expect(kindsOf("Saving a large file stalls the editor for half a minute. After the stall the editor comes back and works normally.")).not.toContain("working_case");
  });

  it("still reads 'After the update it works normally' as one", () => {
    expect(kindsOf("Saving a large file stalls the editor. After the update it works normally.")).toContain("working_case");
  });
});

describe("seventeenth pass, read-16 (firefox): the reporter's chore told with 'must' and its subject left out", () => {
  it("reads 'must kill it.' opening a sentence as no expected result", () => {
    expect(kindsOf("after quitting the player the process stays around. must kill it from the shell.")).not.toContain("modal");
  });

  it("still reads a subjectless 'Must <do>' of the program as one", () => {
    expect(kindsOf("after quitting the player the process stays around. Must exit within a second.")).toContain("modal");
    expect(kindsOf("The watchdog must restart the worker when it dies.")).toContain("modal");
  });
});

describe("seventeenth pass, read-16 (firefox): a click written as two words with 'middle' or 'triple'", () => {
  it("reads 'Middle click ..., then ...' as two actions in order", () => {
    expect(stepsIn("Middle click on a link to open it in the background, then alt-tab to the mail client and back. The link never opens.").at).not.toBeNull();
  });

  it("still reads a middle click that is the subject of the sentence as no instruction", () => {
    expect(stepsIn("Middle click on a link does nothing in the sidebar.").at).toBeNull();
  });
});

describe("seventeenth pass, read-16 (firefox): gerunds of acting listed one after the other", () => {
  it("reads 'Doing X, doing Y, doing Z = failure' as a sequence of actions", () => {
    expect(stepsIn("Starting a download, switching to another tab, closing the window = hang.").at).not.toBeNull();
  });

  it("still reads one gerund before the clause it sets the scene of as a trigger", () => {
    expect(stepsIn("Starting a download, the window hangs.").at).toBeNull();
  });
});

describe("seventeenth pass, read-16 (firefox): a preference named with its quoted label, its state told in the passive", () => {
  it("reads 'Option \"...\" is checked' as a preference set, with the action that fails the way there", () => {
    expect(codesOf("Chat links open a second window", "The mail app is open, I tap a link in a chat message -> a second window appears. Option \"Reuse the open window\" is checked.")).not.toContain("bug.no_steps");
  });

  it("still reads a quoted label with no preference named, and the action alone, as a trigger", () => {
    expect(stepsIn("I tap a link in a chat message -> a second window appears. \"Reuse the open window\" is checked.").at).toBeNull();
    expect(stepsIn("I tap a link in a chat message -> a second window appears.").at).toBeNull();
  });
});

describe("seventeenth pass, read-16 (firefox): a text typed, then a key", () => {
  it("reads 'type <word> then space then ...' as actions in order", () => {
    expect(stepsIn("example: type hallo then space then 42. The caret lands at the start of the field.").at).not.toBeNull();
    expect(stepsIn("Enter \"abc\" then Tab. The focus is lost.").at).not.toBeNull();
  });

  it("still reads a text typed and what then happens as one action", () => {
    expect(stepsIn("I type hallo then the caret jumps to the start.").at).toBeNull();
  });
});

describe("seventeenth pass, read-16 (firefox): a setting or a menu path said to mend the failure", () => {
  it("reads neither as a step on the way to the failure", () => {
    expect(stepsIn("Every site takes ages on the campus net. Setting net.dns.skip_v6 to true fixes it.").at).toBeNull();
    expect(stepsIn("Every site takes ages on the campus net. If I set net.dns.skip_v6 to true it loads instantly.").at).toBeNull();
    expect(stepsIn("Text files from the build server are shown as latin1 and every accent is garbage. Edit > Encoding > Unicode fixes it but only for one file.").at).toBeNull();
  });

  it("still reads a setting and a menu path on the way to the failure as steps", () => {
    expect(stepsIn("If I set net.dns.skip_v6 to true and reload, the page is blank.").at).not.toBeNull();
    expect(stepsIn("Open Edit > Encoding > Unicode and the accents turn to garbage.").at).not.toBeNull();
  });
});

describe("seventeenth pass, read-16 (firefox): a command said to work in an aside in brackets", () => {
  it("reads '(<command> -x works)' as the case that works, no way to the failure", () => {
    expect(stepsIn("Resuming a transfer restarts it from zero, though the mirror supports ranges (curl --continue-at 500 works).").at).toBeNull();
  });

  it("still reads the command in brackets that fails, and one the reader is told to run, as a command", () => {
    expect(stepsIn("Resuming a transfer restarts it from zero (curl --continue-at 500 fails too).").kinds).toContain("command");
    expect(stepsIn("Resuming a transfer restarts it from zero. Run curl --continue-at 500 against the mirror to see it.").at).not.toBeNull();
  });
});

describe("seventeenth pass, read-16 (httpd): a title that opens on a directive's or a command's name told what it does", () => {
  it("reads a verb of the request list with a subject of several words and a verb told of it as the title's noun, not a request", () => {
    expect(titleAsksFor("Include with a relative path fails in a virtual host")).toBeNull();
    expect(titleAsksFor("Redirect from inside a Location block is sent twice")).toBeNull();
    expect(titleAsksFor("Merge of two sorted columns returns rows out of order")).toBeNull();
  });

  it("still reads a request whose clause after the object tells what it should do, or what it is for", () => {
    expect(titleAsksFor("Allow users to pick the export format")).not.toBeNull();
    expect(titleAsksFor("Support byte ranges the client asks for in one request")).not.toBeNull();
    expect(titleAsksFor("Allow headers the backend needs on a redirect")).not.toBeNull();
    expect(titleAsksFor("Warn admins the certificate is about to expire")).not.toBeNull();
    expect(titleAsksFor("Show a notice when the upload is done")).not.toBeNull();
    expect(titleAsksFor("Add a switch for the sidebar, it is handy")).not.toBeNull();
  });
});

describe("seventeenth pass, read-16 (httpd): a directive written inside a sentence after the word that opens it", () => {
  it("reads a directive the server knows after a capitalised word that is no directive ('If', 'When') with the request that meets it", () => {
    expect(stepsIn("If LimitRequestBody 1024 is set in the Directory, a PUT to /files/big.iso fails with 413.").at).not.toBeNull();
    expect(stepsIn("When ServerLimit 4 is used, a GET to /status hangs.").at).not.toBeNull();
  });

  it("still reads one directive with no request told as no way there", () => {
    expect(stepsIn("If LimitRequestBody 1024 is set, uploads fail with 413.").at).toBeNull();
    expect(stepsIn("If LimitRequestBody is too low, a PUT to /files/big.iso fails with 413.").at).toBeNull();
  });
});

describe("seventeenth pass, read-16 (httpd): a directive written as a sentence of its own", () => {
  it("reads a directive the server knows whose value ends the sentence, with the request that meets it", () => {
    expect(stepsIn("Options -Indexes. A GET to /files/ still lists every file.").at).not.toBeNull();
    expect(stepsIn("MaxKeepAliveRequests 0. A POST to /api/upload hangs after the first one.").at).not.toBeNull();
  });

  it("still reads it as no way there with no request told, at the end of a longer sentence, or with a value that goes on past a dot", () => {
    expect(stepsIn("Options -Indexes. Directory listings are still shown.").at).toBeNull();
    expect(stepsIn("Runs 2.4 on Debian with ServerLimit 4, MaxRequestWorkers 100. Workers pile up after a day.").at).toBeNull();
    expect(stepsIn("We moved to Tomcat 8.5 last week; a GET to /files/ still lists every file.").at).toBeNull();
  });
});

describe("seventeenth pass, read-16 (httpd): a case that works told as a clause after the failure", () => {
  it("reads 'on X they work' or 'with X it works' after a comma as a case that works", () => {
    expect(kindsOf("Thumbnails fail to load over the VPN, on the office network they work.")).toContain("working_case");
    expect(kindsOf("Exports time out on big projects, with small projects it works.")).toContain("working_case");
  });

  it("still reads no case that works where the clause says it works only, or not, or is not set in a place", () => {
    expect(kindsOf("Thumbnails fail to load over the VPN, on the office network they work only after a reload.")).not.toContain("working_case");
    expect(kindsOf("Thumbnails fail to load over the VPN, they work sometimes.")).not.toContain("working_case");
  });
});

describe("seventeenth pass, read-16 (httpd): the server's restart told with 'do' after another action", () => {
  it("reads 'and do apachectl graceful' after a told action as the second action in order", () => {
    expect(stepsIn("We upload the certificate every Monday and do apachectl graceful. Browsers still get last week's one.").at).not.toBeNull();
    expect(stepsIn("I edit the vhost and then do systemctl reload apache2. The old alias still answers.").at).not.toBeNull();
  });

  it("still reads the restart alone as one action, and 'do' with no control program as none", () => {
    expect(stepsIn("Every Monday we do apachectl graceful. Browsers still get last week's certificate.").at).toBeNull();
    expect(stepsIn("We upload the certificate every Monday and do the rest by hand. Browsers still get last week's one.").at).toBeNull();
  });
});

describe("seventeenth pass, read-16 (httpd): a request told by its order as the moment of the failure", () => {
  it("reads one directive with 'when the first request ... is made' or 'on the next request' as the way there", () => {
    expect(stepsIn("LimitRequestBody 1024\n\nOn the first request to a protected page the worker dies.").at).not.toBeNull();
    expect(stepsIn("LimitRequestBody 1024\nwhen first request with a token is made the child exits:").at).not.toBeNull();
  });

  it("still reads one directive alone, or with a request's part named, as no way there", () => {
    expect(stepsIn("LimitRequestBody 1024\n\nThe worker dies after an hour.").at).toBeNull();
    expect(stepsIn("LimitRequestBody 1024\n\nWith the first request line longer than 8K the worker dies.").at).toBeNull();
  });
});

describe("seventeenth pass: a setting that mends the failure is named as the workaround, whole", () => {
  const stepsFinding = (summary: string, description: string) =>
    scoreTicket({ summary, description, issue_type: "Bug" }).findings.find((f) => f.code === "bug.no_steps");

  it("marks the one condition whose sentence says it mends the failure", () => {
    expect(stepsIn("The tile server times out for every map. If I set tiles.cache.enabled to false it loads instantly.").trigger?.mends).toBe(true);
    expect(stepsIn("The tile server times out for every map. When I set the zoom to 12 it times out.").trigger?.mends).toBeUndefined();
  });

  it("calls it what makes the failure go away and quotes the setting's whole name, not the words before its first dot", () => {
    const f = stepsFinding("Map tiles time out", "The tile server times out for every map. If I set tiles.cache.enabled to false it loads instantly.");
    expect(f?.severity).toBe("low");
    expect(f?.message).toContain("What makes the failure go away");
    expect(f?.message).toContain("tiles.cache.enabled");
  });

  it("still calls a condition that sets the failure off what sets it off", () => {
    const f = stepsFinding("Map tiles time out", "The tile server times out for every map. When I set the zoom to 12 it times out.");
    expect(f?.message).toContain("Only what sets the failure off");
  });
});

describe("seventeenth pass, second half: a case that works told by a directive's values or a zero count without an option", () => {
  it("reads a directive with its values said to work, in a sentence of its own", () => {
    expect(kindsOf("Setting MaxWorkers 12 gives an error at start on Solaris 10. MaxWorkers 16 ... works.")).toContain("working_case");
    expect(kindsOf("CacheRoot \"/srv/cache\" worked.\nThe new path fails.")).toContain("working_case");
  });

  it("reads an option left out with its output line counting no failures", () => {
    expect(kindsOf("The sync loses files with the proxy. Without --retry: Errors: 0.")).toContain("working_case");
    expect(kindsOf("The sync loses files with the proxy. Without -z: Failed uploads: 0")).toContain("working_case");
  });

  it("still reads no case that works in 'Nothing works', a word alone, one that goes on, or a count above zero", () => {
    expect(kindsOf("The sync loses files. Nothing works.")).not.toContain("working_case");
    expect(kindsOf("The sync loses files. PowerShell works.")).not.toContain("working_case");
    expect(kindsOf("The sync loses files. CacheRoot \"/srv/cache\" works but nothing is cached.")).not.toContain("working_case");
    expect(kindsOf("The sync loses files. Login works but the logout hangs.")).not.toContain("working_case");
    expect(kindsOf("The sync loses files. Without --retry: Errors: 12.")).not.toContain("working_case");
    expect(kindsOf("The sync loses files. Without --retry: Errors: 0.5 per run.")).not.toContain("working_case");
    expect(kindsOf("The sync loses files. without -z, 0 failures but the log is empty")).not.toContain("working_case");
  });
});

describe("seventeenth pass, second half: what comes out after a single-dash arrow 'instead of' what should", () => {
  it("reads the outcome after '->' told with 'instead of' as what happens", () => {
    expect(reads(observedIn("backup.sh --daily -> archives land in /tmp instead of /srv/backup."))).toBe(true);
  });

  it("still reads no outcome in an arrow without 'instead of', nor in code's '->'", () => {
    expect(reads(observedIn("backup.sh --daily -> archives land in /srv/backup."))).toBe(false);
    expect(reads(observedIn("node->next instead of node->prev is walked in the loop."))).toBe(false);
  });
});

describe("seventeenth pass, second half: a server-side include's markup under the sentence that names it", () => {
  it("reads the SSI elements under 'This SSI ...:' as the test case", () => {
    expect(stepsIn("This SSI makes the worker spin at full CPU:\n\n<!--#set var=\"x\" value=\"${x}${x}\" -->\n<!--#echo var=\"x\" -->\n").kinds).toContain("testcase");
  });

  it("still reads an HTML comment under it, or an SSI under a sentence that names no page, as no test case", () => {
    expect(stepsIn("This SSI makes the worker spin at full CPU:\n\n<!-- a note -->\n").kinds).not.toContain("testcase");
    expect(stepsIn("The worker spins at full CPU since Tuesday:\n\n<!--#echo var=\"x\" -->\n").kinds).not.toContain("testcase");
  });
});

describe("seventeenth pass, second half: two parties told acting by their order", () => {
  it("reads 'first user ...' and 'second user ...' opening their sentences as two actions in sequence", () => {
    expect(stepsIn("Two people share a folder. First user uploads a file with a space in its name, the list shows it. Second user opens the list and gets a 500.").at).not.toBeNull();
    expect(stepsIn("the first session saves the draft; the second session loads it and sees an empty body").kinds).toContain("actions");
  });

  it("still reads ordinals inside a phrase, or two different parties, as no sequence", () => {
    expect(stepsIn("On the first try the upload fails. The second try works.").at).toBeNull();
    expect(stepsIn("The first user is fine. The second tab shows an empty body.").at).toBeNull();
  });
});

describe("seventeenth pass, second half: statements written inline with what running them gives", () => {
  it("reads statements closed by ';' and then 'prints' or 'gives' on the same line as the test case", () => {
    expect(stepsIn("let d = new Date(0); alert(d.getYear()); gives 70 in the 60 beta, not 1970.").kinds).toContain("testcase");
    expect(stepsIn("The counter is off. total = sum(rows); console.log(total); prints 11 for ten rows.").kinds).toContain("testcase");
  });

  it("still reads no test case in prose cut by ';', a name before a bracket, or statements with nothing said of them", () => {
    expect(stepsIn("I opened the page; it prints nothing.").kinds).not.toContain("testcase");
    expect(stepsIn("The viewer (the new one); prints nothing.").kinds).not.toContain("testcase");
    expect(stepsIn("let d = new Date(0); alert(d.getYear());").kinds).not.toContain("testcase");
  });
});

describe("eighteenth pass (mine): the '-->' that closes a comment is no arrow", () => {
  it("reads nothing in a line of SSI or HTML comments", () => {
    const said = (t: string) => observedIn(t).map((r) => t.slice(r.start, r.end));
    expect(said('<!--#if expr="$HTTP_ACCEPT = /json/" -->data<!--#else -->page<!--#endif -->')).toEqual([]);
    expect(said("<!-- build 4.2 --> footer text")).toEqual([]);
  });

  it("still reads a result after an arrow in a step", () => {
    expect(observedIn("open the invoice, press Save --> the dialog stays open").length).toBeGreaterThan(0);
    expect(observedIn("<!-- note --> press Save --> nothing happens").length).toBeGreaterThan(0);
  });
});

describe("eighteenth pass (mine): a program that shows, displays or renders a quoted value or a number tells what happens", () => {
  it("reads it as it reads 'prints' and 'returns'", () => {
    const said = (t: string) => observedIn(t).map((r) => t.slice(r.start, r.end));
    expect(said('with /menu.shtml?lang=fr shows "Deutsch".').length).toBeGreaterThan(0);
    expect(said("Ward occupancy displays 140% on Mondays").length).toBeGreaterThan(0);
    expect(said('Exporting a card payment to PDF renders "Total: 0.00" since the update').length).toBeGreaterThan(0);
  });

  it("reads nothing in what it should show", () => {
    expect(observedIn('It should show "Deutsch" for ?lang=de.')).toEqual([]);
  });
});

describe("eighteenth pass, read-17 (firefox): a case that works told in a few words", () => {
  it("reads 'as normal' ending its clause, a gerund that 'works though', and 'where it used to' after a negation", () => {
    expect(kindsOf("In the webmail a double click on a message opens it in a popup. On other accounts a double click opens it inline as normal.")).toContain("working_case");
    expect(kindsOf("In the tab strip, dragging a tab to the sidebar does nothing, pasting the link works though.")).toContain("working_case");
    expect(kindsOf("the download badge doesnt appear on some mirrors where it used to. e.g. ftp.example.org.")).toContain("working_case");
    expect(kindsOf("Since the update the widget is not shown on the lock screen like it used to.")).toContain("working_case");
  });

  it("still reads none in a negated 'as normal', a severity, 'nothing works though', 'works though it should not', or a failure 'as it used to'", () => {
    expect(kindsOf("The preview does not load as normal.")).not.toContain("working_case");
    expect(kindsOf("I can't tell how often it happens, so I'm marking it as normal severity.")).not.toContain("working_case");
    expect(kindsOf("The page keeps loading and nothing works though.")).not.toContain("working_case");
    expect(kindsOf("The player skips after a call, and pausing it still works though it should not.")).not.toContain("working_case");
    expect(kindsOf("The upload still hangs as it used to.")).not.toContain("working_case");
  });
});

describe("eighteenth pass, read-17 (firefox): a way asked for in the imperative", () => {
  it("reads 'Provide a way to ...', 'Add a simple way to ...' opening a sentence as a request", () => {
    expect(kindsOf("Provide a way to pin the toolbar when the window is narrow.")).toContain("request");
    expect(kindsOf("The export takes all columns. Add a simple way to pick only some of them.")).toContain("request");
  });

  it("still reads no request in an imperative step that adds a thing, nor in 'there is no way to'", () => {
    expect(kindsOf("Open the builder. Add a button to the form. Press Save. The form is empty.")).not.toContain("request");
    expect(kindsOf("There is no way to export the list.")).not.toContain("request");
  });
});

describe("eighteenth pass, read-17 (firefox): an imperative 'keep' in a step is no failure", () => {
  it("reads no account in 'keep scrolling' or 'then keep typing' opening a step", () => {
    expect(reads(observedIn("Steps:\n1. open a long article in the editor\n2. keep scrolling down\n3. press End"))).toBe(false);
    expect(reads(observedIn("Type four letters in the search box. Then keep typing the name."))).toBe(false);
  });

  it("still reads the program that keeps doing it, also with its subject left out", () => {
    expect(reads(observedIn("The sidebar keeps flickering."))).toBe(true);
    expect(reads(observedIn("Keeps crashing on save."))).toBe(true);
  });
});

describe("eighteenth pass, read-17 (firefox): 'unreadable' after a comma", () => {
  it("reads a text drawn so that it cannot be read, told after a comma, as what is seen", () => {
    expect(reads(observedIn("With the high contrast theme, menu labels are drawn grey on grey, unreadable."))).toBe(true);
    expect(reads(observedIn("On the tablet the footnotes come out tiny, almost illegible."))).toBe(true);
  });

  it("still reads none in 'readable, not unreadable' or a label that is readable", () => {
    expect(reads(observedIn("Make the labels readable, not unreadable?"))).toBe(false);
    expect(reads(observedIn("The label text is readable."))).toBe(false);
  });
});

describe("eighteenth pass, read-17 (firefox): two gerunds of acting joined by 'and' as the subject", () => {
  it("reads 'Unticking X and reloading has no effect' as two actions", () => {
    expect(stepsIn('Unticking "Block pop-up windows for all sites here" and reloading has no effect, the popup still opens.').at).not.toBeNull();
    expect(stepsIn("Typing 0 in the 'Seats' box and pressing Book shows 'Required' and nothing is booked.").at).not.toBeNull();
  });

  it("still reads one gerund with 'has' as one trigger", () => {
    const one = stepsIn("Scrolling the list has no effect on the header.");
    expect(one.at).toBeNull();
    expect(one.trigger).not.toBeNull();
  });
});

describe("eighteenth pass, read-17 (firefox): an action under way 'while' another is done", () => {
  it("reads 'when I <act> while <gerund> <object>' as two actions", () => {
    expect(stepsIn("The editor froze when i switch tabs while saving a large file.").at).not.toBeNull();
    expect(stepsIn("If I press Tab while dragging a card the card is dropped on the wrong lane.").at).not.toBeNull();
  });

  it("still reads one action where what goes on 'while' is the program's", () => {
    expect(stepsIn("The editor froze when i switch tabs while loading.").at).toBeNull();
    expect(stepsIn("The editor froze when i switch tabs while the file is saving.").at).toBeNull();
  });
});

describe("eighteenth pass, read-17 (firefox): a context menu opened on a thing and its item chosen", () => {
  it("reads 'right click on a link > Copy Link Location' as a menu path", () => {
    expect(stepsIn("On some forums (e.g. example.net) right click on a link > Copy Link Location copies the page address instead.").kinds).toContain("menu");
    expect(stepsIn("Long-press a photo -> Share sends the thumbnail, not the photo.").kinds).toContain("menu");
  });

  it("still reads no path in a two-item menu path with no click, or a click followed by no item", () => {
    expect(stepsIn("The context menu is slow. View > Zoom is slow too.").kinds).not.toContain("menu");
    expect(stepsIn("A right click on the tab > nothing happens.").kinds).not.toContain("menu");
  });
});

describe("eighteenth pass, read-17 (firefox): markup with the word to load it", () => {
  it("reads markup under which the reader is told to load or open it as the test case", () => {
    expect(stepsIn('<video src="clip.webm" controls loop></video>\n\nopen this. screenshots from both browsers attached.').kinds).toContain("testcase");
    expect(stepsIn('<canvas id="c" width="10"></canvas>\n<script src="draw.js"></script>\n\nJust load it in a tab. screenshots attached.').kinds).toContain("testcase");
  });

  it("still reads no test case in markup with neither a failure nor the word to load it after it", () => {
    expect(stepsIn('<video src="clip.webm" controls loop></video>\n\nI wrote this for a talk on codecs.').kinds).not.toContain("testcase");
    expect(stepsIn('<video src="clip.webm" controls loop></video>\n\nOpen the settings page and look at Media.').kinds).not.toContain("testcase");
  });
});

describe("eighteenth pass, read-17 (firefox): the same page in another browser, told working", () => {
  it("reads 'Same page in <browser> ... <what happens>' as a case that works, Internet Explorer included", () => {
    expect(kindsOf("The caption is not read aloud. Same page in Safari with VoiceOver the caption is read.")).toContain("working_case");
    expect(kindsOf("The slider jumps back. The same test case in IE 11 keeps the value.")).toContain("working_case");
  });

  it("still reads none where the same page fails there too", () => {
    expect(kindsOf("The caption is not read aloud. Same page in IE11 the caption is not read either.")).not.toContain("working_case");
    expect(kindsOf("The caption is not read aloud. Same page in IE11 crashes the reader.")).not.toContain("working_case");
  });
});

describe("eighteenth pass, read-17 (firefox): one call of a member with what it prints", () => {
  it("reads 'a.b(...) prints ...' opening a sentence as the test case", () => {
    expect(stepsIn("JSON.stringify(new Set([1])) prints {} in the console, in Chrome it gives [1].").kinds).toContain("testcase");
    expect(stepsIn("The clock is off. Intl.DateTimeFormat().resolvedOptions().timeZone logs UTC on a machine set to Berlin.").kinds).toContain("testcase");
  });

  it("still reads no test case in a call told of how an API behaves", () => {
    expect(stepsIn("The list is wrong. getFoo() returns null after a reload.").kinds).not.toContain("testcase");
    expect(stepsIn("The list is wrong. list.getItems() returns null after a reload.").kinds).not.toContain("testcase");
  });
});

describe("eighteenth pass, read-17 (httpd): a process or a connection killed, an empty log, an arrow to a header, a value 'instead of' one", () => {
  it("reads 'kills' told of the program and a connection reset as a failure", () => {
    expect(reads(observedIn("Reloading the gateway kills every open websocket session."))).toBe(true);
    expect(reads(observedIn("Large uploads get a connection reset halfway through."))).toBe(true);
  });

  it("reads 'Nothing in' a log or the output as an absence", () => {
    expect(reads(observedIn("Tracing is on, level 7. Nothing in the audit log."))).toBe(true);
    expect(reads(observedIn("We turned verbose mode on. Nothing in syslog either."))).toBe(true);
  });

  it("reads a response header after a request's arrow as what came back", () => {
    expect(reads(observedIn("wget -S http://cdn.example.net/logo.png -> Content-Type: text/plain"))).toBe(true);
  });

  it("reads a past verb with its value 'instead of' another as what happens", () => {
    expect(reads(observedIn("The nightly export started at 03:00 instead of 02:00 after the clocks moved."))).toBe(true);
  });

  it("still reads none in a killed search, a reset told as done, a log named as a place, a menu arrow or what was expected", () => {
    expect(reads(observedIn("We reset the connection pool every night."))).toBe(false);
    expect(reads(observedIn("Nothing in the changelog mentions the new flag."))).toBe(false);
    expect(reads(observedIn("Open Tools -> Options: General and pick a theme."))).toBe(false);
    expect(reads(observedIn("We expected at 02:00 instead of 03:00."))).toBe(false);
  });
});

describe("eighteenth pass, read-17 (httpd): 'error' as the name of a log or of a path is no error", () => {
  it("reads no failure in 'the error log' or in a path '/error/...'", () => {
    expect(reads(observedIn("It would help to set the verbosity per site, for tracing one app without flooding the error log."))).toBe(false);
    expect(reads(observedIn("Please let the 4xx pages share one template, like /error/generic.html for all of them."))).toBe(false);
  });

  it("still reads errors named in the log, and an error page shown", () => {
    expect(reads(observedIn("Every request writes two errors to the error log."))).toBe(true);
    expect(reads(observedIn("The checkout shows an error page."))).toBe(true);
  });
});

describe("eighteenth pass, read-17 (httpd): wishes without a subject, messages named by their level, docs that are stale", () => {
  it("reads 'Would help if ...' opening a sentence, and 'it would help if ...', as a wish", () => {
    expect(kindsOf("The sync log only says 'denied'. Would help if it named the folder.")).toContain("wish");
    expect(kindsOf("The sync log only says 'denied'. It would really help if it named the folder.")).toContain("wish");
  });

  it("reads a line that opens on 'Error messages' or 'Warning messages' as the reporter's, not a log line", () => {
    expect(kindsOf("Warning messages carry codes (W1201 and so on) but no page explains them. Would be nice to have one.")).toContain("wish");
  });

  it("reads a request inside a quote the program is said to log as the program's words", () => {
    expect(kindsOf("\"queue is full, consider raising the queue size\" is logged on every start, even with an empty queue.")).not.toContain("request");
  });

  it("reads a case that works told of another version with 'same config' and a subject", () => {
    expect(kindsOf("The tracer writes nothing. With 3.1 same config it writes every frame.")).toContain("working_case");
  });

  it("reads what the docs still say as the stale text, not what should happen", () => {
    expect(kindsOf("The limit went from 10 to 20 in 4.0 but the manual still says 10.")).not.toContain("expect");
  });

  it("still reads a log line, a request the reporter makes, a failing version and what the docs say", () => {
    expect(kindsOf("WARN pool exhausted, requests should be retried")).not.toContain("modal");
    expect(kindsOf("\"queue is full\" is logged on every start. Please consider raising the queue size.")).toContain("request");
    expect(kindsOf("The tracer writes nothing. With 3.1 same config it fails too.")).not.toContain("working_case");
    expect(kindsOf("The limit is 10 here but the manual says 20.")).toContain("expect");
  });
});

describe("eighteenth pass, read-17 (httpd): a request path on its own line with an arrow to what comes of it", () => {
  it("reads one directive with '/path -> ...' under it as the configuration with its request", () => {
    expect(stepsIn("AliasMatch ^/docs/(.*)$ /srv/manuals/$1\n\n/docs/intro.html -> the server answers 404 and the log names /srv/manuals/docs/intro.html").at).not.toBeNull();
  });

  it("still reads one directive alone, or an arrow inside a sentence, as no steps", () => {
    expect(stepsIn("AliasMatch ^/docs/(.*)$ /srv/manuals/$1\n\nthe server answers 404.").at).toBeNull();
  });
});

describe("eighteenth pass, read-17 (httpd): a script named by its file that demonstrates or reproduces it", () => {
  it("reads 'x.py reproduces it' and 'flood.sh demonstrates the leak' as the test case", () => {
    expect(stepsIn("Thousands of tiny uploads make the worker grow without end. flood.sh demonstrates the leak.").kinds).toContain("testcase");
    expect(stepsIn("The parser runs out of memory on nested tables. repro.py reliably reproduces it.").kinds).toContain("testcase");
  });

  it("still reads a file that is only named, or one told to fail itself, as no test case", () => {
    expect(stepsIn("The parser runs out of memory on nested tables. repro.py is in the wiki.").kinds).not.toContain("testcase");
    expect(stepsIn("The parser runs out of memory. setup.py crashes it too.").kinds).not.toContain("testcase");
  });
});

describe("eighteenth pass, read-17 (httpd): a request told with the status it gets, whatever the status", () => {
  it("reads 'GET /path gives 200 ...' and 'HEAD /path returns 301' as what the server sent", () => {
    expect(reads(observedIn("Alias /private /srv/private\n\nGET /private/keys.txt gives 200 and the file."))).toBe(true);
    expect(reads(observedIn("HEAD /shop/ returns 301 to the same address."))).toBe(true);
  });

  it("still reads none in a method named without a path and status, or one with what it should return", () => {
    expect(reads(observedIn("Alias /private /srv/private\n\nWe use GET for the file list."))).toBe(false);
    expect(reads(observedIn("GET /private/keys.txt should give 200 to admins only."))).toBe(false);
  });
});

describe("eighteenth pass, read-17 (httpd): what the program does told with the harm it does to another", () => {
  it("reads ', which confuses ...' after what the program does as a failure", () => {
    expect(reads(observedIn("The mailer adds a second Date header to every bounce, which confuses some spam filters."))).toBe(true);
  });

  it("still reads none in a person confused", () => {
    expect(reads(observedIn("I was confused by the two Date headers in the docs."))).toBe(false);
  });
});

describe("eighteenth pass, read-17 (httpd): the documentation's example named with a version in the sentence", () => {
  it("reads lines under 'The example on the 3.2 page still shows' as the page's text, not a configuration run", () => {
    expect(stepsIn("The example on the 3.2 mod_cache page still shows\n\nCacheEnable mem /\nMCacheSize 4096\n\nwhich is gone since 2.4.").at).toBeNull();
  });

  it("still reads the same lines under the reporter's own sentence as a configuration", () => {
    expect(stepsIn("Our 3.2 server has\n\nCacheEnable mem /\nMCacheSize 4096\n\nand every page is served stale.").at).not.toBeNull();
  });
});

describe("eighteenth pass, expected results across writers: another variant that works, told as a clause of its own", () => {
  it("reads a browser, system, server module, runtime or version as the subject of 'works', 'is fine' or a failure negated", () => {
    expect(kindsOf("The mail client freezes when I attach a folder. thunderbird is working")).toContain("working_case");
    expect(kindsOf("The importer dies with a bus error after ten minutes.\n\nworker does not crash.")).toContain("working_case");
    expect(kindsOf("Uploads over 4 GB abort halfway on the NAS. With debian is ok.")).toContain("working_case");
    expect(kindsOf("The chart plugin throws a NullPointerException on load. Java 11 works, 3.4.x works.")).toContain("working_case");
    expect(kindsOf("Scrolling the timeline stutters every few seconds. Fx12 release does not do this.")).toContain("working_case");
  });

  it("still reads none in another part of the same program, a pronoun, a negated subject or a program's own chrome", () => {
    expect(kindsOf("The recording has no picture, the sound is fine.")).not.toContain("working_case");
    expect(kindsOf("The export hangs at 90%. Cancel works.")).not.toContain("working_case");
    expect(kindsOf("The sidebar is empty after the update and it works.")).not.toContain("working_case");
    expect(kindsOf("The download is stuck. Nothing works.")).not.toContain("working_case");
    expect(kindsOf("Page text is blurry with the new renderer, chrome text is fine.")).not.toContain("working_case");
    expect(kindsOf("The map tiles stay grey on the tablet. The legend is fine.")).not.toContain("working_case");
  });
});

describe("eighteenth pass, expected results across writers: the same measure under two versions, each with its figure", () => {
  it("reads two versions each given a timing or a rate as a case that works", () => {
    expect(kindsOf("Exporting the 300-page report got slow. Writer 7.5.2: 4 s, Writer 7.6.1: 41 s. Same document.")).toContain("working_case");
    expect(kindsOf("rsync -a /data /backup\n\n3.2.3: 410 MB/s\n3.2.7: 95 MB/s")).toContain("working_case");
  });

  it("still reads none in one version with a figure, or two versions without one", () => {
    expect(kindsOf("Since 7.6.1 exporting the report takes 41 s.")).not.toContain("working_case");
    expect(kindsOf("Exporting hangs in 7.6.1 and in 7.6.2, the log is attached.")).not.toContain("working_case");
  });
});

describe("eighteenth pass, observed behaviour across writers: the same measure under two versions, each with its figure", () => {
  it("reads two versions each given a timing or a rate as what happens (the failing one's figure is a wrong value)", () => {
    expect(observedIn("Attached map file, zoom to level 12 and pan. Atlas 2.3.1: 40 ms per frame, Atlas 2.4.0: 350 ms per frame.")).not.toEqual([]);
    expect(observedIn("scp bigfile.iso nas:/share\n\n8.9.1: 112 MB/s\n9.3.2: 11 MB/s")).not.toEqual([]);
  });

  it("still reads nothing in one version with a figure, or two versions without one", () => {
    expect(observedIn("Please make the import of 2.3.1 files take under 5 s.")).toEqual([]);
    expect(observedIn("Tested the import on 2.3.1 and on 2.4.0 with the attached file.")).toEqual([]);
  });
});

describe("eighteenth pass, observed behaviour across writers: what the program makes, told by its verb with a value", () => {
  const valueRead = (text: string) => observedIn(text).some((r) => /[\d/]/.test(text.slice(r.start, r.end)));
  it("reads a verb of making, writing or setting with a number, a code or a path within three words as what happens", () => {
    expect(observedIn("After the upgrade the backup tool quietly writes the archives to /var/tmp/old.")).not.toEqual([]);
    expect(observedIn("With the kiosk profile the launcher sets the clock to 1970.")).not.toEqual([]);
    expect(observedIn("The spreadsheet writes the dates as 2024-13-01 in the CSV export.")).not.toEqual([]);
  });

  it("still reads no value in what should be made, an approximate measure of use, or a verb with no value", () => {
    expect(observedIn("The calendar export should give timestamps in 2024 format.")).toEqual([]);
    expect(valueRead("Usage data shows ~2% of people open the panel, so we plan to remove it.")).toBe(false);
    expect(valueRead("The settings page lists the proxy options under Network.")).toBe(false);
  });
});

describe("nineteenth pass, expected results across writers: another variant fronted by a preposition, told working with its own verb", () => {
  it("reads another browser, the other of two versions or the other of two input sizes, fronted, with a verb of doing and no failure", () => {
    expect(kindsOf("Since 8.2 the sidebar thumbnails are grey boxes. In 8.1 they were drawn in colour.")).toContain("working_case");
    expect(kindsOf("Importing a 40 MB spreadsheet leaves the sheet list empty. With a 2 MB spreadsheet it lists every sheet.")).toContain("working_case");
    expect(kindsOf("when i print the chart the legend is cut off , on the opera it print ok. my os is windows")).toContain("working_case");
    expect(kindsOf("Printing the invoice drops its last line. Under Safari the same invoice prints whole.")).toContain("working_case");
    expect(kindsOf("After gateway 3.10.2 idle sessions are dropped after a minute. With 3.10.1 they stayed up all night.")).toContain("working_case");
  });

  it("reads the fronted variant with a noun as the subject, or with the subject left out before \"was\"", () => {
    expect(kindsOf("Since 5.2 the scanner leaves the barcode field empty. In 5.1 the code was filled in.")).toContain("working_case");
    expect(kindsOf("the totals come out in the wrong column. In Ledger 4.0 was normal. 4.1 on Linux.")).toContain("working_case");
    expect(kindsOf("The totals come out in the wrong column. In 5.1 the totals were wrong as well.")).not.toContain("working_case");
    expect(kindsOf("On Windows 11 the dialog opens behind the main window. Ledger 4.1.")).not.toContain("working_case");
    expect(kindsOf("The sum is off by 12. On line 120 the value was set to 7.")).not.toContain("working_case");
  });

  it("still reads none in the failing version fronted, a failure, a negation, sameness, or a version named alone", () => {
    expect(kindsOf("Since 8.2 the thumbnails are grey. In 8.2 they are drawn as grey boxes.")).not.toContain("working_case");
    expect(kindsOf("Importing the sheet hangs. In Safari it hangs too.")).not.toContain("working_case");
    expect(kindsOf("The chart legend is cut off. In Opera it reacts differently: the legend is gone.")).not.toContain("working_case");
    expect(kindsOf("In 3.10 they stayed up all night before dropping.")).not.toContain("working_case");
    expect(kindsOf("Exporting leaves the legend out. In Safari it does not export the legend either.")).not.toContain("working_case");
  });
});

describe("nineteenth pass, expected results across writers: two values told by the same verb, the second with a subject of its own", () => {
  it("reads a value beside another given by the same verb for another case as a case that works", () => {
    expect(kindsOf("calc --eval '7/2' prints 3, the desktop app prints 3.5.")).toContain("working_case");
    expect(kindsOf("The checkout page logs the cart size: build 41 logs 12, build 42 logs 0.")).toContain("working_case");
  });

  it("still reads none in a sequence, a pronoun subject, or the same value twice", () => {
    expect(kindsOf("The importer prints 0, then prints 5 on the second run.")).not.toContain("working_case");
    expect(kindsOf("The export gives 12, it gives 12 every time.")).not.toContain("working_case");
    expect(kindsOf("The gateway returns 502, the proxy returns 502.")).not.toContain("working_case");
  });
});

describe("nineteenth pass, expected results across writers: a workaround is no case that works", () => {
  it("reads no case that works in what works around the failure or in the reporter's mending act", () => {
    expect(kindsOf("The sync agent stops after an hour. Setting PollInterval 30 works around it.")).not.toContain("working_case");
    expect(kindsOf("The scanner is not found. When I reboot the laptop it works again for a day.")).not.toContain("working_case");
    expect(kindsOf("Uploads time out. If we untick the compression option in the admin page, it works.")).not.toContain("working_case");
    expect(kindsOf("the calendar is empty. if i clear the cache and restart the app it work again for some hours.")).not.toContain("working_case");
  });

  it("still reads another case chosen by the reporter, or a variant told working", () => {
    expect(kindsOf("Uploads time out. When I use the desktop client it works.")).toContain("working_case");
    expect(kindsOf("Uploads time out. With compression off it works.")).toContain("working_case");
  });
});

describe("nineteenth pass, expected results across writers: a failure state a step meant to bring about, \"as expected\"", () => {
  it("reads no case that works in a step's error, Err state or failing status told as expected", () => {
    expect(kindsOf("I unplugged node 2; the cluster view showed it as Down as expected. After plugging it back it stays Down.")).not.toContain("working_case");
    expect(kindsOf("While the database restarts, calls get 503 as expected, but afterwards they keep getting 503 for ten minutes.")).not.toContain("working_case");
  });

  it("still reads a page or a result told as expected", () => {
    expect(kindsOf("The 404 page renders as expected.")).toContain("working_case");
    expect(kindsOf("Without the proxy, the upload finishes as expected.")).toContain("working_case");
  });
});

describe("nineteenth pass, expected results across writers: a thing that does not exist is no failure absent", () => {
  it("reads no case that works in a relative clause of a thing that does not exist on a place", () => {
    expect(kindsOf("The installer writes include paths that do not exist on the target machine, so plugins fail to build.")).not.toContain("working_case");
    expect(kindsOf("The export names fonts that do not exist in the print shop's set.")).not.toContain("working_case");
  });

  it("still reads the failure, or a pronoun opening its clause, that does not exist on another place", () => {
    expect(kindsOf("The export drops the fonts. This problem does not exist in the desktop app.")).toContain("working_case");
    expect(kindsOf("The export drops the fonts on Windows, but that does not exist on macOS.")).toContain("working_case");
  });
});
