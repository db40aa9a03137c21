import { CopyButton } from "./copy-button";

/**
 * A code example that scrolls inside its own box (never the page). Focusable and named, so keyboard users can
 * scroll it too; a group rather than a region, so dozens of examples do not flood the landmark list.
 */
export function CodeBlock({ code, label, title, copy = false, className }: { code: string; label: string; title?: string; copy?: boolean; className?: string }) {
  return (
    <div className="docs-code">
      {(title || copy) && (
        <div className="docs-code-bar">
          <span>{title}</span>
          {copy && <CopyButton text={code} label={label} />}
        </div>
      )}
      <pre role="group" aria-label={label} tabIndex={0} className={className}>
        <code>{code}</code>
      </pre>
    </div>
  );
}
