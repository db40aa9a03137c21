/** A word of a text with its character offsets (end exclusive). */
export interface Token {
  text: string;
  lower: string;
  start: number;
  end: number;
}

export interface Span {
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’_-]*|&/gu;

/** Splits a text into words (letters, digits, inner apostrophes and hyphens) and standalone ampersands. */
export function tokenize(text: string, offset = 0, limit = text.length): Token[] {
  const tokens: Token[] = [];
  WORD.lastIndex = offset;
  let match: RegExpExecArray | null;
  while ((match = WORD.exec(text)) !== null) {
    if (match.index >= limit) break;
    const end = Math.min(match.index + match[0].length, limit);
    const word = text.slice(match.index, end);
    tokens.push({ text: word, lower: word.toLowerCase(), start: match.index, end });
  }
  return tokens;
}

/** Trims whitespace and trailing punctuation from both ends of a span. */
export function trimSpan(text: string, span: Span): Span {
  let { start, end } = span;
  while (start < end && /[\s,;:.!?"'“”‘’]/.test(text[start])) start++;
  while (end > start && /[\s,;:.!?"'“”‘’]/.test(text[end - 1])) end--;
  return { start, end };
}

export function spanText(text: string, span: Span | null): string {
  return span ? text.slice(span.start, span.end) : "";
}

/** Offsets of the bracketed parts of a text, including the brackets themselves. */
export function bracketSpans(text: string): Span[] {
  const spans: Span[] = [];
  const closing: Record<string, string> = { "(": ")", "[": "]", "{": "}" };
  let open: { char: string; start: number } | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (open === null) {
      if (ch in closing) open = { char: ch, start: i };
    } else if (ch === closing[open.char]) {
      spans.push({ start: open.start, end: i + 1 });
      open = null;
    }
  }
  return spans;
}

export function insideAny(pos: number, spans: Span[]): boolean {
  for (const s of spans) if (pos >= s.start && pos < s.end) return true;
  return false;
}

/** Lower-cased words without punctuation, for similarity measures. */
export function contentWords(text: string): string[] {
  return tokenize(text)
    .map((t) => t.lower.replace(/[’']s$/, ""))
    .filter((w) => w.length > 1);
}
