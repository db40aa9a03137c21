/** A word of a text with its character offsets (end exclusive). */
export interface Token {
  text: string;
  lower: string;
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’_-]*|&/gu;

function scan(text: string, offset: number, limit: number): Token[] {
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

// The rules tokenize the same few texts of a story (its summary, description, criteria) many times over, in
// whole and in parts: the words of the last texts seen are kept, and a part is cut from them.
const CACHE_SIZE = 8;
const recent = new Map<string, Token[]>();

function wordsOf(text: string): Token[] {
  let tokens = recent.get(text);
  if (!tokens) {
    tokens = scan(text, 0, text.length);
    if (recent.size >= CACHE_SIZE) recent.delete(recent.keys().next().value as string);
    recent.set(text, tokens);
  }
  return tokens;
}

/**
 * Splits a text (or its part from `offset` to `limit`) into words (letters, digits, inner apostrophes and
 * hyphens) and standalone ampersands. A part starts a word at `offset` and cuts the word at `limit` short.
 */
export function tokenize(text: string, offset = 0, limit = text.length): Token[] {
  const all = wordsOf(text);
  // First word ending after offset (binary search).
  let lo = 0;
  let hi = all.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (all[mid].end <= offset) lo = mid + 1;
    else hi = mid;
  }
  // A part that starts inside a word reads the rest of that word as a word of its own.
  if (lo < all.length && all[lo].start < offset) return scan(text, offset, limit);
  const tokens: Token[] = [];
  for (let i = lo; i < all.length && all[i].start < limit; i++) {
    const token = all[i];
    if (token.end <= limit) tokens.push(token);
    else {
      const word = text.slice(token.start, limit);
      tokens.push({ text: word, lower: word.toLowerCase(), start: token.start, end: limit });
    }
  }
  return tokens;
}
