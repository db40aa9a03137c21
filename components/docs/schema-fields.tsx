// A readable table of a JSON schema's fields (dotted paths for nesting), for the API reference page.
import { Fragment } from "react";
import { InlineMarkdown } from "./inline-markdown";

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  description?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  format?: string;
};

interface Row {
  name: string;
  type: string;
  required: boolean;
  notes: string;
}

function typeOf(schema: Schema): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(" | ");
  if (schema.type === "array") return `${schema.items ? typeOf(schema.items) : "any"}[]`;
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? "any");
  return schema.format ? `${type} (${schema.format})` : type;
}

function limits(schema: Schema): string {
  const notes: string[] = [];
  if (schema.minLength) notes.push(`min length ${schema.minLength}`);
  if (schema.maxLength) notes.push(`max length ${schema.maxLength}`);
  // zod's integers carry JavaScript's safe-integer range as their bounds: no limit a caller needs to read.
  if (schema.minimum !== undefined && schema.minimum > Number.MIN_SAFE_INTEGER) notes.push(`>= ${schema.minimum}`);
  if (schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER) notes.push(`<= ${schema.maximum}`);
  if (schema.maxItems) notes.push(`at most ${schema.maxItems} items`);
  return notes.join(", ");
}

function collect(schema: Schema, prefix: string, rows: Row[], depth: number): void {
  const target = schema.anyOf?.find((option) => option.type !== "null") ?? schema;
  const properties = target.properties ?? (target.type === "array" ? target.items?.properties : undefined);
  const required = new Set(target.required ?? (target.type === "array" ? target.items?.required : undefined) ?? []);
  if (!properties || depth > 3) return;
  for (const [name, child] of Object.entries(properties)) {
    const path = prefix ? `${prefix}${target.type === "array" ? "[]" : ""}.${name}` : name;
    rows.push({ name: path, type: typeOf(child), required: required.has(name), notes: [child.description, limits(child)].filter(Boolean).join(" ") });
    collect(child, path, rows, depth + 1);
  }
}

/** `ticket_data.acceptance_criteria` may wrap after a dot, never inside a word. */
export function BreakAfterDots({ text }: { text: string }) {
  const parts = text.split(/(?<=\.)/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          <span>{part}</span>
          {i < parts.length - 1 && <wbr />}
        </Fragment>
      ))}
    </>
  );
}

/**
 * A type with its alternatives ("story" | "bug" | ...): the line may break after a bar, and inside an alternative
 * only after a dot, as field names do ("installation.<wbr>secrets_rotated"), never inside a word.
 */
export function TypeText({ type }: { type: string }) {
  const alternatives = type.split(" | ");
  return (
    <code className="schema-type">
      {alternatives.map((alternative, i) => (
        <Fragment key={i}>
          <span>
            <BreakAfterDots text={alternative} />
          </span>
          {i < alternatives.length - 1 && "\u00a0| "}
        </Fragment>
      ))}
    </code>
  );
}

export function SchemaFields({ schema, caption }: { schema: Schema; caption: string }) {
  const rows: Row[] = [];
  collect(schema, "", rows, 0);
  if (rows.length === 0) return null;
  return (
    <SchemaTable caption={caption} columns={["Field", "Description"]}>
      {rows.map((row) => (
        <tr key={row.name} role="row">
          <td role="cell">
            <code className="schema-name">
              <BreakAfterDots text={row.name} />
            </code>
            <span className="schema-meta">
              <TypeText type={row.type} /> · {row.required ? "required" : "optional"}
            </span>
          </td>
          <td role="cell">
            <InlineMarkdown text={row.notes} />
          </td>
        </tr>
      ))}
    </SchemaTable>
  );
}

/**
 * A table of the reference in two columns: what a field is (its name, with its type and whether it is required
 * under it) and what it means. It fits the half of a 1280 px screen it has beside the examples, and a phone shows
 * each row as a card (docs.css); the explicit roles keep it a table for screen readers there.
 */
export function SchemaTable({ caption, columns, children }: { caption: string; columns: [string, string]; children: React.ReactNode }) {
  return (
    <div className="table-wrap">
      <table className="schema-table" role="table">
        <caption>{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th key={column} scope="col" role="columnheader">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">{children}</tbody>
      </table>
    </div>
  );
}
