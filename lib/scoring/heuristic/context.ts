import type { ContextItem, Dimension, PerDimension, TicketData } from "../types";
import { found, type Found } from "./finding";

export interface ContextCitations {
  citations: PerDimension<string[]>;
  findings: Found[];
  citedValue: boolean;
  citedDefinitionOfDone: boolean;
}

const EPIC = /\b(?:epic|initiative|objective|goal|theme|feature|parent|okr|vision|roadmap)\b/i;
const VALUE = /\b(?:so that|in order to|value|benefit|goal|objective|reduce|increase|improve|revenue|customers?|users?)\b/i;
const LINK = /\b(?:link(?:ed)?|blocks?|blocked|blocker|depend(?:s|ency|encies|ent)?|prerequisite|relates?|related|requires?|predecessor|successor|sub-?task)\b/i;
const DONE = /\b(?:definition of done|dod|done criteria|acceptance|test(?:s|ing)?|qa|quality|checklist|criteria)\b/i;
const DESIGN = /\b(?:design|spec(?:ification)?|architecture|technical|adr|api|mock-?up|wireframe|prototype)\b/i;
const SIZE = /\b(?:estimate|story points?|velocity|sizing|capacity|effort)\b/i;

function emptyCitations(): PerDimension<string[]> {
  return { independent: [], negotiable: [], valuable: [], estimable: [], small: [], testable: [] };
}

function mentions(haystack: string, needle: string | undefined): boolean {
  const n = needle?.trim();
  return !!n && n.length >= 2 && haystack.toLowerCase().includes(n.toLowerCase());
}

/**
 * Decides which context items inform which dimension. An item is cited only for what it says: an epic that
 * states value informs "valuable", a linked issue the story mentions or depends on informs "independent",
 * a definition of done informs "testable", a design note "negotiable" and "estimable".
 */
export function citeContext(ticket: TicketData, items: ContextItem[]): ContextCitations {
  const citations = emptyCitations();
  const findings: Found[] = [];
  let citedValue = false;
  let citedDefinitionOfDone = false;
  const story = [ticket.summary, ticket.description ?? "", ticket.acceptance_criteria ?? ""].join("\n");
  const seen = new Set<string>();
  for (const item of items) {
    const id = typeof item.id === "string" ? item.id : "";
    if (!id || seen.has(id)) continue;
    seen.add(id);
    const kind = `${item.type ?? ""} ${item.title ?? ""}`;
    const content = item.content ?? "";
    const cite = (d: Dimension) => {
      if (!citations[d].includes(id)) citations[d].push(id);
    };
    if (EPIC.test(item.type ?? "") && VALUE.test(`${item.title ?? ""} ${content}`)) {
      cite("valuable");
      citedValue = true;
    }
    const referenced = mentions(story, id) || mentions(story, item.title);
    if (LINK.test(item.type ?? "") || (referenced && LINK.test(`${kind} ${content}`))) {
      cite("independent");
      if (/\b(?:block(?:s|ed|er)?|depend\w*|prerequisite|requires?|predecessor)\b/i.test(`${kind} ${content}`)) {
        findings.push(found("independent.linked_dependency", "medium",
          `Context item ${id} shows this story depends on other work.`,
          "Resolve the dependency first, or split the story so it does not wait on other work."));
      }
    }
    if (DONE.test(kind) || /\bdefinition of done\b/i.test(content)) {
      cite("testable");
      citedDefinitionOfDone = true;
    }
    if (DESIGN.test(kind)) {
      cite("negotiable");
      cite("estimable");
    }
    if (SIZE.test(kind)) {
      cite("small");
      cite("estimable");
    }
  }
  return { citations, findings, citedValue, citedDefinitionOfDone };
}
