// German. Gherkin keywords from Gherkin's gherkin-languages.json ("de"; MIT licence, Cucumber Ltd); "Gegeben" alone
// added, as teams write it. The other lists were written for this project from the template as German teams
// write it ("Als <Rolle> möchte ich <Ziel>, damit <Nutzen>") and from German issue templates.
import { heading, type LanguageWords } from "./types";

const NOT_VERBS = new Set(["den", "einen", "keinen", "meinen", "deinen", "seinen", "ihren", "unseren", "euren", "allen", "diesen",
  "jenen", "welchen", "solchen", "wenn", "denen", "zwischen", "oben", "unten", "neben", "hinten", "vorne", "gegen", "ohne", "wegen",
  "eben", "gern", "gerne", "morgen", "einzelnen", "anderen", "weiteren", "neuen", "alten", "offenen", "eigenen", "letzten", "nächsten",
  "ersten", "großen", "kleinen", "verschiedenen", "beiden", "vielen", "wenigen", "ganzen", "gesamten", "aktuellen", "bestehenden"]);

export const de: LanguageWords = {
  code: "de",
  template: "Als <Rolle> möchte ich <Ziel>, damit <Nutzen>",
  roleExample: "Als <Rolle>",
  meansExample: "möchte ich",
  endsExample: "damit <Nutzen>",
  role: /^(?:als)\s+(?:(?:ein|eine|einer|der|die|das)\s+)?/iu,
  means: ["möchte ich gerne", "möchte ich", "möchten wir", "will ich", "wollen wir", "würde ich gerne", "hätte ich gerne",
    "wünsche ich mir", "wünsche ich", "brauche ich", "benötige ich", "muss ich", "kann ich", "ich möchte", "ich will",
    "ich brauche", "ich benötige", "ich kann", "ich muss", "wir möchten", "wir wollen"],
  ends: ["damit", "sodass", "so dass", "um so"],
  weakEnds: ["um"],
  conjunctions: ["und", "oder", "sowie", "als auch"],
  determiners: ["der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "mein", "meine", "meinen",
    "meinem", "meiner", "unser", "unsere", "unseren", "sein", "seine", "ihr", "ihre", "ihren", "alle", "jede", "jeden", "diese", "diesen"],
  infinitive: (lower, raw) => /^\p{Ll}/u.test(raw) && /(?:en|ern|eln)$/.test(lower) && lower.length > 3 && !NOT_VERBS.has(lower),
  verbPosition: "last",
  vague: ["schnell", "schneller", "einfach", "einfacher", "benutzerfreundlich", "nutzerfreundlich", "intuitiv", "übersichtlich",
    "übersichtlicher", "ansprechend", "modern", "flexibel", "effizient", "sicher", "angemessen", "geeignet", "optimal", "schön",
    "gut", "besser", "performant", "zeitnah", "möglichst", "komfortabel", "robust", "zuverlässig", "reibungslos"],
  loopholes: ["wenn möglich", "falls möglich", "wenn nötig", "falls nötig", "bei bedarf", "gegebenenfalls", "ggf.", "usw.", "etc.",
    "und so weiter", "unter anderem", "u.a.", "eventuell", "evtl."],
  concessive: ["obwohl", "auch wenn", "selbst wenn", "trotz"],
  solution: ["datenbank", "tabelle", "spalte", "schnittstelle", "dropdown", "schaltfläche", "knopf", "popup", "cronjob", "warteschlange"],
  gherkin: { given: ["Gegeben sei", "Gegeben seien", "Angenommen", "Gegeben"], when: ["Wenn"], then: ["Dann"], and: ["Und"], but: ["Aber"] },
  observable: /(?<![\p{L}])(?:angezeigt|anzeigt|zeigt|erscheint|erscheinen|sieht|sehe|sehen|erhält|erhalte|bekommt|gespeichert|gesendet|versendet|abgelehnt|akzeptiert|enthält|lautet|beträgt|weitergeleitet|heruntergeladen|exportiert|gelöscht|erstellt|aktualisiert|muss|müssen|soll|sollen|wird|werden|kann nicht|darf nicht)(?![\p{L}])/iu,
  sections: [
    ["out_of_scope", heading("nicht im umfang|außerhalb des umfangs|nicht enthalten|nicht-ziele|nicht ziele|abgrenzung")],
    ["steps", heading("schritte zum reproduzieren|schritte zur reproduktion|reproduktionsschritte|schritte|reproduktion|nachstellen")],
    ["expected", heading("erwartetes ergebnis|erwartetes verhalten|erwartet|soll-verhalten|sollverhalten|soll-zustand")],
    ["actual", heading("tatsächliches ergebnis|tatsächliches verhalten|aktuelles verhalten|ist-verhalten|istverhalten|ist-zustand|beobachtetes verhalten|fehlermeldung|fehlerbeschreibung|beschreibung des fehlers")],
    ["environment", heading("umgebung|systemumgebung|version|versionen|browser|gerät|geräte|betriebssystem|plattform")],
    ["impact", heading("auswirkung|auswirkungen|schweregrad|priorität|betroffene nutzer|betroffen|dringlichkeit|häufigkeit")],
    ["done", heading("fertig wenn|erledigt wenn|definition of done|abnahmekriterien|akzeptanzkriterien|erfolgskriterien|checkliste")],
    ["timebox", heading("zeitrahmen|zeitbudget|timebox|dauer|aufwand")],
    ["question", heading("fragestellung|fragen|frage|hypothese|offene fragen")],
    ["output", heading("ergebnis|ergebnisse|liefergegenstand|lieferergebnis|deliverables")],
    ["breakdown", heading("stories|user stories|teilaufgaben|aufgaben|meilensteine|phasen|unteraufgaben")],
    ["scope", heading("umfang|im umfang|enthält")],
    ["why", heading("warum|begründung|hintergrund|kontext|motivation|problem|problemstellung|ziel|ziele|zweck|nutzen|mehrwert")],
  ],
  failure: /(?<![\p{L}])(?:absturz|stürzt ab|abgestürzt|fehler|fehlerhaft|funktioniert nicht|geht nicht|reagiert nicht|lädt nicht|kaputt|hängt|hängt sich auf|kommt nie an|wird nicht angezeigt|falsch|falsche|falscher|falsches)(?![\p{L}])/iu,
};
