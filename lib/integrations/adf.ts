// Plain text from a Jira description: an Atlassian Document Format (ADF) tree, plain text, or nothing.
// Bounded in depth, node count and output size, and total: malformed input yields what can be read, never a throw.

const MAX_DEPTH = 40;
const MAX_NODES = 20_000;
export const MAX_TEXT = 100_000;

type Node = { type?: unknown; text?: unknown; attrs?: unknown; content?: unknown };

const BLOCKS_WITH_BREAK = new Set(["paragraph", "heading", "codeBlock", "blockquote", "panel", "rule", "mediaSingle", "table", "expand", "nestedExpand", "decisionList", "taskList"]);

export function adfToText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value.slice(0, MAX_TEXT);
  if (typeof value !== "object") return "";
  const out: string[] = [];
  let length = 0;
  let nodes = 0;
  const push = (text: string) => {
    if (length >= MAX_TEXT || !text) return;
    const piece = text.slice(0, MAX_TEXT - length);
    out.push(piece);
    length += piece.length;
  };
  const rawAttr = (node: Node, name: string): unknown => {
    const attrs = node.attrs;
    return attrs && typeof attrs === "object" ? (attrs as Record<string, unknown>)[name] : undefined;
  };
  const attr = (node: Node, name: string): string => {
    const found = rawAttr(node, name);
    return typeof found === "string" ? found : "";
  };
  // Drop the block breaks a paragraph left at the end of the output (inside list items and table cells).
  const trimTrailingBreaks = () => {
    while (out.length && /\n$/.test(out[out.length - 1])) {
      const trimmed = out[out.length - 1].replace(/\n+$/, "");
      length -= out[out.length - 1].length - trimmed.length;
      if (trimmed) {
        out[out.length - 1] = trimmed;
        break;
      }
      out.pop();
    }
  };

  const visit = (raw: unknown, depth: number, listPrefix: string): void => {
    if (depth > MAX_DEPTH || nodes >= MAX_NODES || length >= MAX_TEXT) return;
    if (Array.isArray(raw)) {
      for (const child of raw) visit(child, depth + 1, listPrefix);
      return;
    }
    if (!raw || typeof raw !== "object") return;
    nodes++;
    const node = raw as Node;
    const type = typeof node.type === "string" ? node.type : "";
    const children = Array.isArray(node.content) ? node.content : [];
    switch (type) {
      case "text":
        if (typeof node.text === "string") push(node.text);
        return;
      case "hardBreak":
        push("\n");
        return;
      case "mention":
        push(attr(node, "text") || (attr(node, "id") ? `@${attr(node, "id")}` : ""));
        return;
      case "emoji":
        push(attr(node, "text") || attr(node, "shortName"));
        return;
      case "inlineCard":
      case "blockCard":
        push(attr(node, "url"));
        return;
      case "date": {
        const timestamp = Number(rawAttr(node, "timestamp"));
        if (Number.isFinite(timestamp) && timestamp > 0) push(new Date(timestamp).toISOString().slice(0, 10));
        return;
      }
      case "status":
        push(attr(node, "text"));
        return;
      case "rule":
        push("\n---\n");
        return;
      case "bulletList":
      case "orderedList":
      case "taskList": {
        const order = Number(rawAttr(node, "order"));
        let index = Number.isInteger(order) && order > 0 ? order : 1;
        if (out.length && !out[out.length - 1].endsWith("\n")) push("\n");
        for (const item of children) {
          const marker = type === "orderedList" ? `${index++}. ` : "- ";
          push(`${listPrefix}${marker}`);
          visit(item, depth + 1, `${listPrefix}  `);
          trimTrailingBreaks();
          push("\n");
        }
        if (depth <= 1) push("\n");
        return;
      }
      case "listItem":
      case "taskItem":
        for (const [position, child] of children.entries()) {
          visit(child, depth + 1, listPrefix);
          trimTrailingBreaks();
          if (position < children.length - 1) push("\n");
        }
        return;
      case "tableRow": {
        const cells = children;
        for (const [position, cell] of cells.entries()) {
          visit(cell, depth + 1, listPrefix);
          if (position < cells.length - 1) push(" | ");
        }
        push("\n");
        return;
      }
      case "tableCell":
      case "tableHeader":
        for (const child of children) visit(child, depth + 1, listPrefix);
        trimTrailingBreaks();
        return;
      default:
        for (const child of children) visit(child, depth + 1, listPrefix);
        if (BLOCKS_WITH_BREAK.has(type)) push(type === "paragraph" || type === "heading" ? "\n\n" : "\n");
    }
  };
  try {
    visit(value, 0, "");
  } catch {
    // Deliberately total: whatever was read so far is the text.
  }
  return out
    .join("")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
