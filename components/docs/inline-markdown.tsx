// The small part of Markdown the OpenAPI descriptions use: `code`, **bold** and [links](url). Anything else
// stays text; an unpaired backtick is dropped rather than shown.
import type { ReactNode } from "react";

export type InlineToken =
  | { kind: "text"; text: string }
  | { kind: "code"; text: string }
  | { kind: "strong"; text: string }
  | { kind: "link"; text: string; href: string };

const PATTERN = /`([^`]+)`|\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
// Only web and in-page links: a description must never become a javascript: URL.
const SAFE_HREF = /^(https?:\/\/|\/|#)/;

export function inlineTokens(source: string): InlineToken[] {
  const tokens: InlineToken[] = [];
  const text = (value: string) => {
    const cleaned = value.replace(/`/g, "");
    if (cleaned) tokens.push({ kind: "text", text: cleaned });
  };
  let last = 0;
  for (const match of source.matchAll(PATTERN)) {
    text(source.slice(last, match.index));
    if (match[1] !== undefined) tokens.push({ kind: "code", text: match[1] });
    else if (match[2] !== undefined) tokens.push({ kind: "strong", text: match[2] });
    else if (SAFE_HREF.test(match[4])) tokens.push({ kind: "link", text: match[3], href: match[4] });
    else text(match[3]);
    last = match.index + match[0].length;
  }
  text(source.slice(last));
  return tokens;
}

export function InlineMarkdown({ text }: { text: string | undefined }): ReactNode {
  if (!text) return null;
  return inlineTokens(text).map((token, i) => {
    switch (token.kind) {
      case "code":
        return <code key={i}>{token.text}</code>;
      case "strong":
        return <strong key={i}>{token.text}</strong>;
      case "link":
        return (
          <a key={i} href={token.href}>
            {token.text}
          </a>
        );
      default:
        return token.text;
    }
  });
}
