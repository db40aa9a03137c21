// Markdown to blocks: marked's lexer (GFM) reads the Markdown, and its token tree is walked into blocks.
// Raw HTML inside the Markdown is read as HTML (turndown, then the lexer again), so no tag is left in the text.
// Entities need their semicolon, as in CommonMark ("R&D", "&para" stay as written).
import { decodeHTMLStrict } from "entities";
import { Lexer, type Token, type Tokens } from "marked";
import { paragraph, segmentsToLines, type Block, type ListItem, type Segment } from "./blocks";
import { htmlToMarkdown } from "./html-to-markdown";
import { renderBlocks } from "./render-blocks";

/** Nesting past this (lists, quotes, HTML inside Markdown) is not walked further. */
const MAX_DEPTH = 40;
/** HTML inside Markdown inside HTML...: read at most this deep. */
const MAX_HTML_NESTING = 2;

interface Walk {
  htmlNesting: number;
}

function isTokenList(value: unknown): value is Token[] {
  return Array.isArray(value);
}

/** Raw <b>/<strong> tags in Markdown arrive as separate tokens around their text; this counts the open ones. */
interface InlineState {
  htmlBold: number;
}

const HTML_BOLD_OPEN = /^<(b|strong)(\s[^>]*)?>$/i;
const HTML_BOLD_CLOSE = /^<\/(b|strong)\s*>$/i;

function inlineSegments(tokens: Token[], outerBold: boolean, out: Segment[], depth: number, state: InlineState): void {
  if (depth > MAX_DEPTH) return;
  for (const token of tokens) {
    const bold = outerBold || state.htmlBold > 0;
    switch (token.type) {
      case "text":
      case "escape": {
        const children = (token as Tokens.Text).tokens;
        if (isTokenList(children) && children.length) inlineSegments(children, bold, out, depth + 1, state);
        else out.push({ text: decodeHTMLStrict(String(token.text ?? "")), bold });
        break;
      }
      case "strong":
        inlineSegments((token as Tokens.Strong).tokens, true, out, depth + 1, state);
        break;
      case "codespan":
        // Code is kept as written: no entity decoding.
        out.push({ text: String(token.text ?? ""), bold });
        break;
      case "br":
        out.push({ text: "\n", bold });
        break;
      case "html": {
        // Inline tags are dropped (their text is in the neighbouring tokens); a <br> still breaks the line.
        const tag = String(token.text ?? "").trim();
        if (/^<br\s*\/?>$/i.test(tag)) out.push({ text: "\n", bold });
        else if (HTML_BOLD_OPEN.test(tag)) state.htmlBold++;
        else if (HTML_BOLD_CLOSE.test(tag)) state.htmlBold = Math.max(0, state.htmlBold - 1);
        break;
      }
      case "image":
      case "checkbox":
      case "def":
        break;
      case "link": {
        const link = token as Tokens.Link;
        if (isTokenList(link.tokens) && link.tokens.length) inlineSegments(link.tokens, bold, out, depth + 1, state);
        else out.push({ text: decodeHTMLStrict(String(link.text ?? link.href ?? "")), bold });
        break;
      }
      default: {
        const generic = token as Tokens.Generic;
        if (isTokenList(generic.tokens)) inlineSegments(generic.tokens, bold, out, depth + 1, state);
        else if (typeof generic.text === "string") out.push({ text: decodeHTMLStrict(generic.text), bold });
      }
    }
  }
}

function inlineLines(tokens: Token[] | undefined, fallback: string) {
  const segments: Segment[] = [];
  if (isTokenList(tokens)) inlineSegments(tokens, false, segments, 0, { htmlBold: 0 });
  else segments.push({ text: decodeHTMLStrict(fallback), bold: false });
  return segmentsToLines(segments);
}

function cellText(cell: Tokens.TableCell): string {
  return inlineLines(cell.tokens, cell.text)
    .map((line) => line.text)
    .join(" ")
    .trim();
}

function listItems(list: Tokens.List, depth: number, items: ListItem[], walk: Walk): void {
  if (depth > MAX_DEPTH) return;
  for (const item of list.items ?? []) {
    const lines: string[] = [];
    const nested: Tokens.List[] = [];
    for (const child of item.tokens ?? []) {
      if (child.type === "list") nested.push(child as Tokens.List);
      else if (child.type === "checkbox") continue;
      else if (child.type === "text" || child.type === "paragraph") {
        lines.push(...inlineLines(child.tokens, String(child.text ?? "")).map((line) => line.text));
      } else {
        // Code, quotes, tables or HTML inside an item: their text, line by line.
        const inner: Block[] = [];
        walkTokens([child], inner, depth + 1, walk);
        lines.push(...renderBlocks(inner).split("\n"));
      }
    }
    const own = lines.filter((line) => line.trim());
    if (own.length) items.push({ depth, lines: own });
    // An item with no text of its own keeps its children at its depth.
    for (const child of nested) listItems(child, own.length ? depth + 1 : depth, items, walk);
  }
}

function walkTokens(tokens: Token[], out: Block[], depth: number, walk: Walk): void {
  if (depth > MAX_DEPTH) return;
  for (const token of tokens) {
    switch (token.type) {
      case "heading": {
        const text = inlineLines(token.tokens, String(token.text ?? ""))
          .map((line) => line.text)
          .join(" ")
          .trim();
        if (text) out.push({ kind: "heading", text });
        break;
      }
      case "paragraph":
      case "text": {
        const block = paragraph(inlineLines(token.tokens, String(token.text ?? "")));
        if (block) out.push(block);
        break;
      }
      case "list": {
        const items: ListItem[] = [];
        listItems(token as Tokens.List, 0, items, walk);
        if (items.length) out.push({ kind: "list", items });
        break;
      }
      case "code": {
        const text = String(token.text ?? "");
        if (text.trim()) out.push({ kind: "code", text });
        break;
      }
      case "table": {
        const table = token as Tokens.Table;
        const rows = [table.header ?? [], ...(table.rows ?? [])].map((row) => row.map(cellText));
        out.push({ kind: "table", rows });
        break;
      }
      case "blockquote":
        walkTokens((token as Tokens.Blockquote).tokens ?? [], out, depth + 1, walk);
        break;
      case "html":
        if (walk.htmlNesting < MAX_HTML_NESTING) {
          const inner = lexMarkdown(htmlToMarkdown(String(token.text ?? "")));
          walkTokens(inner, out, depth + 1, { htmlNesting: walk.htmlNesting + 1 });
        }
        break;
      case "hr":
      case "space":
      case "def":
        break;
      default: {
        const generic = token as Tokens.Generic;
        if (isTokenList(generic.tokens)) walkTokens(generic.tokens, out, depth + 1, walk);
        else if (typeof generic.text === "string") {
          const block = paragraph(inlineLines(undefined, generic.text));
          if (block) out.push(block);
        }
      }
    }
  }
}

/** Inline text longer than this is lexed in pieces. */
const INLINE_WHOLE = 4_000;
const INLINE_PIECE = 2_000;

/** Cuts long inline text after a line break (or else a space) into pieces of at most INLINE_PIECE characters. */
function inlinePieces(src: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (src.length - start > INLINE_PIECE) {
    const limit = start + INLINE_PIECE;
    let cut = src.lastIndexOf("\n", limit - 1);
    if (cut < start + INLINE_PIECE / 2) cut = src.lastIndexOf(" ", limit - 1);
    cut = cut < start + INLINE_PIECE / 2 ? limit : cut + 1;
    pieces.push(src.slice(start, cut));
    start = cut;
  }
  pieces.push(src.slice(start));
  return pieces;
}

/**
 * marked's lexer, with its inline pass run here: some of marked's inline rules (emphasis delimiters, e-mail
 * autolinks) take time quadratic in the length of a paragraph ("_a_a_a..." of 200 KB takes most of a minute), so a
 * long paragraph's inline text is lexed in pieces cut at line breaks or spaces.
 */
export function lexMarkdown(markdown: string): Token[] {
  const lexer = new Lexer({ gfm: true });
  const tokens = lexer.blockTokens(markdown.replace(/\r\n?/g, "\n"), lexer.tokens);
  for (const { src, tokens: inline } of lexer.inlineQueue) {
    lexer.state.inRawBlock = false;
    if (src.length <= INLINE_WHOLE) lexer.inlineTokens(src, inline);
    else for (const piece of inlinePieces(src)) inline.push(...lexer.inlineTokens(piece));
  }
  lexer.inlineQueue = [];
  return tokens;
}

/** Markdown (GitHub flavoured) to blocks. */
export function markdownToBlocks(markdown: string, htmlNesting = 0): Block[] {
  const tokens = lexMarkdown(markdown);
  const out: Block[] = [];
  walkTokens(tokens, out, 0, { htmlNesting });
  return out;
}
