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
  if (schema.minimum !== undefined) notes.push(`>= ${schema.minimum}`);
  if (schema.maximum !== undefined) notes.push(`<= ${schema.maximum}`);
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

export function SchemaFields({ schema, caption }: { schema: Schema; caption: string }) {
  const rows: Row[] = [];
  collect(schema, "", rows, 0);
  if (rows.length === 0) return null;
  return (
    <SchemaTable caption={caption} columns={["Field", "Type", "Required", "Notes"]}>
          {rows.map((row) => (
            <tr key={row.name}>
              <td>
                <code className="schema-name">
                  <BreakAfterDots text={row.name} />
                </code>
              </td>
              <td>
                <code className="schema-type">{row.type}</code>
              </td>
              <td>{row.required ? "yes" : "no"}</td>
              <td>
                <InlineMarkdown text={row.notes} />
              </td>
            </tr>
          ))}
    </SchemaTable>
  );
}

/** A table of the reference: scrolls sideways on a phone, focusable and named so keyboard users can scroll it too. */
export function SchemaTable({ caption, columns, children }: { caption: string; columns: string[]; children: React.ReactNode }) {
  return (
    <div className="table-wrap" role="group" aria-label={caption} tabIndex={0}>
      <table className="schema-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
