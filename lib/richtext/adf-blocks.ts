// Atlassian Document Format (Jira Cloud, Confluence) to blocks: a walker over the JSON tree keeping headings,
// lists, code and tables as blocks (no kept library reads ADF without the Atlassian editor's dependencies).
// Bounded in depth and node count, and total: a malformed tree yields what can be read.
import { paragraph, segmentsToLines, type Block, type ListItem, type Segment } from "./blocks";
import { renderBlocks } from "./render-blocks";

const MAX_DEPTH = 40;
const MAX_NODES = 20_000;

interface AdfNode {
  type?: unknown;
  text?: unknown;
  attrs?: unknown;
  content?: unknown;
  marks?: unknown;
}

const LIST_TYPES = new Set(["bulletList", "orderedList", "taskList", "decisionList"]);
const INLINE_TYPES = new Set(["text", "hardBreak", "mention", "emoji", "inlineCard", "date", "status", "placeholder", "mediaInline", "inlineExtension"]);
const DROPPED_TYPES = new Set(["rule", "mediaSingle", "mediaGroup", "media", "extension", "placeholder", "mediaInline", "inlineExtension"]);

function asNode(value: unknown): AdfNode | null {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as AdfNode) : null;
}

function typeOf(node: AdfNode): string {
  return typeof node.type === "string" ? node.type : "";
}

function childrenOf(node: AdfNode): unknown[] {
  return Array.isArray(node.content) ? node.content : [];
}

function attr(node: AdfNode, name: string): unknown {
  const attrs = node.attrs;
  return attrs && typeof attrs === "object" ? (attrs as Record<string, unknown>)[name] : undefined;
}

function textAttr(node: AdfNode, name: string): string {
  const found = attr(node, name);
  return typeof found === "string" ? found : "";
}

function isBold(node: AdfNode): boolean {
  return Array.isArray(node.marks) && node.marks.some((mark) => asNode(mark)?.type === "strong");
}

class AdfWalker {
  private nodes = 0;

  private spend(): boolean {
    this.nodes++;
    return this.nodes <= MAX_NODES;
  }

  private inline(values: unknown[], out: Segment[], depth: number): void {
    if (depth > MAX_DEPTH) return;
    for (const value of values) {
      const node = asNode(value);
      if (!node || !this.spend()) continue;
      const bold = isBold(node);
      switch (typeOf(node)) {
        case "text":
          if (typeof node.text === "string") out.push({ text: node.text, bold });
          break;
        case "hardBreak":
          out.push({ text: "\n", bold: false });
          break;
        case "mention": {
          const id = textAttr(node, "id");
          out.push({ text: textAttr(node, "text") || (id ? `@${id}` : ""), bold });
          break;
        }
        case "emoji": {
          // The Unicode character when there is one; never the ":shortName:" code.
          const text = textAttr(node, "text");
          if (text && !/^:.*:$/.test(text)) out.push({ text, bold });
          break;
        }
        case "inlineCard":
          out.push({ text: textAttr(node, "url"), bold });
          break;
        case "status":
          out.push({ text: textAttr(node, "text"), bold });
          break;
        case "date": {
          const timestamp = Number(attr(node, "timestamp"));
          if (Number.isFinite(timestamp) && timestamp > 0 && timestamp < 8.64e15) out.push({ text: new Date(timestamp).toISOString().slice(0, 10), bold });
          break;
        }
        default:
          if (DROPPED_TYPES.has(typeOf(node))) break;
          this.inline(childrenOf(node), out, depth + 1);
      }
    }
  }

  private lines(values: unknown[], depth: number) {
    const segments: Segment[] = [];
    this.inline(values, segments, depth);
    return segmentsToLines(segments);
  }

  private list(node: AdfNode, level: number, items: ListItem[], depth: number): void {
    if (depth > MAX_DEPTH) return;
    for (const value of childrenOf(node)) {
      const item = asNode(value);
      if (!item || !this.spend()) continue;
      const lines: string[] = [];
      const nested: AdfNode[] = [];
      const inlineRun: unknown[] = [];
      const flushInline = () => {
        if (inlineRun.length) lines.push(...this.lines(inlineRun.splice(0), depth + 1).map((line) => line.text));
      };
      // Task and decision items hold inline nodes directly; list items hold paragraphs and nested lists.
      for (const childValue of childrenOf(item)) {
        const child = asNode(childValue);
        if (!child) continue;
        const type = typeOf(child);
        if (INLINE_TYPES.has(type)) {
          inlineRun.push(child);
          continue;
        }
        flushInline();
        if (LIST_TYPES.has(type)) nested.push(child);
        else {
          const inner: Block[] = [];
          this.blocks([child], inner, depth + 1);
          lines.push(...renderBlocks(inner).split("\n"));
        }
      }
      flushInline();
      const own = lines.filter((line) => line.trim());
      if (own.length) items.push({ depth: level, lines: own });
      for (const child of nested) this.list(child, own.length ? level + 1 : level, items, depth + 1);
    }
  }

  private cell(node: AdfNode, depth: number): string {
    const inner: Block[] = [];
    this.blocks(childrenOf(node), inner, depth + 1);
    return renderBlocks(inner).replace(/\s*\n\s*/g, " ").trim();
  }

  blocks(values: unknown[], out: Block[], depth: number): void {
    if (depth > MAX_DEPTH) return;
    const inlineRun: unknown[] = [];
    const flushInline = () => {
      if (!inlineRun.length) return;
      const block = paragraph(this.lines(inlineRun.splice(0), depth + 1));
      if (block) out.push(block);
    };
    for (const value of values) {
      const node = asNode(value);
      if (!node) continue;
      const type = typeOf(node);
      // Inline nodes where a block belongs (a malformed tree) are read as a paragraph.
      if (INLINE_TYPES.has(type)) {
        inlineRun.push(node);
        continue;
      }
      flushInline();
      if (!this.spend()) return;
      if (DROPPED_TYPES.has(type)) continue;
      if (type === "paragraph") {
        const block = paragraph(this.lines(childrenOf(node), depth + 1));
        if (block) out.push(block);
      } else if (type === "heading") {
        const text = this.lines(childrenOf(node), depth + 1)
          .map((line) => line.text)
          .join(" ")
          .trim();
        if (text) out.push({ kind: "heading", text });
      } else if (LIST_TYPES.has(type)) {
        const items: ListItem[] = [];
        this.list(node, 0, items, depth + 1);
        if (items.length) out.push({ kind: "list", items });
      } else if (type === "codeBlock") {
        const text = childrenOf(node)
          .map((child) => asNode(child)?.text)
          .filter((text): text is string => typeof text === "string")
          .join("");
        if (text.trim()) out.push({ kind: "code", text });
      } else if (type === "table") {
        const rows: string[][] = [];
        for (const rowValue of childrenOf(node)) {
          const row = asNode(rowValue);
          if (!row || !this.spend()) continue;
          rows.push(
            childrenOf(row)
              .map(asNode)
              .filter((cell): cell is AdfNode => cell !== null)
              .map((cell) => this.cell(cell, depth + 1)),
          );
        }
        if (rows.length) out.push({ kind: "table", rows });
      } else if (type === "blockCard" || type === "embedCard") {
        const url = textAttr(node, "url");
        if (url) out.push({ kind: "paragraph", lines: [{ text: url, bold: false }] });
      } else {
        // doc, blockquote, panel, expand, layouts, bodied extensions...: their children, in order. An expand's
        // title heads its content.
        const title = type === "expand" || type === "nestedExpand" ? textAttr(node, "title").trim() : "";
        if (title) out.push({ kind: "heading", text: title });
        this.blocks(childrenOf(node), out, depth + 1);
      }
    }
    flushInline();
  }
}

/** An ADF document (or any node of one) to blocks. */
export function adfToBlocks(value: unknown): Block[] {
  const out: Block[] = [];
  const walker = new AdfWalker();
  walker.blocks(Array.isArray(value) ? value : [value], out, 0);
  return out;
}
