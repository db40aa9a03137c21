import type { Metadata } from "next";
import { headers } from "next/headers";
import { CodeBlock } from "@/components/docs/code-block";
import { curlFor } from "@/components/docs/curl";
import { InlineMarkdown } from "@/components/docs/inline-markdown";
import { SchemaFields, SchemaTable } from "@/components/docs/schema-fields";
import "@/components/docs/docs.css";
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "API reference" };

type Examples = Record<string, { summary?: string; value: unknown }>;
type Media = { schema?: object; examples?: Examples };
type Parameter = { name: string; in: string; required: boolean; description: string; example?: unknown };
type OperationDoc = {
  tags: string[];
  summary: string;
  description?: string;
  operationId: string;
  security: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { description: string; content?: Record<string, Media>; headers?: Record<string, { description: string }> }>;
};
type WebhookDoc = OperationDoc & {
  "x-codeSamples": { lang: string; label: string; source: string }[];
  "x-signed-example": { body: string; headers: Record<string, string> };
};
type Doc = {
  info: { title: string; version: string; description: string };
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, OperationDoc>>;
  webhooks: Record<string, { post: WebhookDoc }>;
  components: { securitySchemes: Record<string, { description: string }> };
};

/** PUBLIC_BASE_URL when set; else the address this page was requested at, so the examples run as pasted. */
async function baseUrl(): Promise<string> {
  const configured = env().PUBLIC_BASE_URL;
  if (configured) return configured.replace(/\/+$/, "");
  const incoming = await headers();
  const host = incoming.get("host") ?? "";
  // The Host header is the client's to write: only a plain host[:port] goes into a command people paste.
  if (!/^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host)) return env().publicBaseUrl;
  const proto = incoming.get("x-forwarded-proto") === "https" ? "https" : "http";
  return `${proto}://${host}`;
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-");

const json = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value, null, 2));

function MethodPath({ method, path }: { method: string; path: string }) {
  return (
    <>
      <span className={`method method-${method}`}>{method.toUpperCase()}</span> <code className="docs-path">{path}</code>
    </>
  );
}

function Authentication({ doc, security }: { doc: Doc; security: Record<string, string[]>[] }) {
  const schemes = security.flatMap((entry) => Object.keys(entry));
  return (
    <p className="docs-auth">
      <strong>Authentication:</strong>{" "}
      {schemes.length === 0
        ? "none (public)."
        : schemes.map((name) => <InlineMarkdown key={name} text={doc.components.securitySchemes[name]?.description ?? name} />)}
    </p>
  );
}

function Parameters({ parameters, caption }: { parameters: Parameter[]; caption: string }) {
  return (
    <SchemaTable caption={caption} columns={["Name", "Description"]}>
      {parameters.map((parameter) => (
        <tr key={`${parameter.in}-${parameter.name}`} role="row">
          <td role="cell">
            <code className="schema-param">{parameter.name}</code>
            <span className="schema-meta">
              in {parameter.in} · {parameter.required ? "required" : "optional"}
            </span>
          </td>
          <td role="cell">
            <InlineMarkdown text={parameter.description} />
            {parameter.example !== undefined && (
              <>
                {" "}
                Example: <code>{String(parameter.example)}</code>.
              </>
            )}
          </td>
        </tr>
      ))}
    </SchemaTable>
  );
}

/** Every example of a response, under its media type when there are several. */
function ResponseExamples({ status, content, label }: { status: string; content: Record<string, Media>; label: string }) {
  const entries = Object.entries(content).flatMap(([mediaType, media]) =>
    Object.entries(media.examples ?? {}).map(([name, example]) => ({ mediaType, name, example })),
  );
  return (
    <>
      {entries.map(({ mediaType, name, example }) => {
        const title = [status, mediaType !== "application/json" ? mediaType : "", example.summary ?? (name === "default" ? "" : name)].filter(Boolean).join(" · ");
        return <CodeBlock key={`${mediaType}-${name}`} code={json(example.value)} title={title} label={`${label}: ${title} example`} />;
      })}
    </>
  );
}

function OperationSection({ doc, base, path, method, operation }: { doc: Doc; base: string; path: string; method: string; operation: OperationDoc }) {
  const id = operation.operationId;
  const label = `${method.toUpperCase()} ${path}`;
  const statuses = Object.entries(operation.responses);
  const [successStatus, success] = statuses.find(([status]) => status.startsWith("2")) ?? [];
  const errors = statuses.filter(([status]) => !status.startsWith("2"));
  const body = operation.requestBody?.content;
  return (
    <section id={id} className="card docs-operation" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        <span className="docs-summary">{operation.summary}</span> <MethodPath method={method} path={path} />
      </h3>
      <p>
        <InlineMarkdown text={operation.description} />
      </p>
      <Authentication doc={doc} security={operation.security} />
      <div className="docs-columns">
        <div>
          {operation.parameters && operation.parameters.length > 0 && <Parameters parameters={operation.parameters} caption="Parameters" />}
          {body?.["application/json"]?.schema && <SchemaFields schema={body["application/json"].schema} caption="Request body (JSON)" />}
          {body?.["multipart/form-data"]?.schema && <SchemaFields schema={body["multipart/form-data"].schema} caption="Request body (multipart/form-data)" />}
          <h4>Responses</h4>
          <dl className="docs-responses">
            {statuses.map(([status, response]) => (
              <div key={status}>
                <dt>
                  <code>{status}</code>
                </dt>
                <dd>
                  <InlineMarkdown text={response.description} />
                  {response.headers && (
                    <ul>
                      {Object.entries(response.headers).map(([name, header]) => (
                        <li key={name}>
                          <code>{name}</code>: <InlineMarkdown text={header.description} />
                        </li>
                      ))}
                    </ul>
                  )}
                  {response.content?.["application/json"]?.schema && status.startsWith("2") && (
                    <details>
                      <summary>Response fields</summary>
                      <SchemaFields schema={response.content["application/json"].schema} caption={`${status} response`} />
                    </details>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="docs-examples">
          <h4>Example request</h4>
          <CodeBlock code={curlFor(base, method, path, operation)} title="curl" label={`curl for ${label}`} copy className="docs-curl" />
          {success?.content && successStatus && (
            <>
              <h4>Example response</h4>
              <ResponseExamples status={successStatus} content={success.content} label={label} />
            </>
          )}
          {errors.some(([, response]) => response.content) && (
            <>
              <h4>Errors</h4>
              {errors.map(([status, response]) =>
                response.content ? <ResponseExamples key={status} status={status} content={response.content} label={label} /> : null,
              )}
            </>
          )}
        </div>
      </div>
      <BackToIndex />
    </section>
  );
}

function BackToIndex() {
  return (
    <p className="docs-back">
      <a href="#endpoints">Back to the index of endpoints</a>
    </p>
  );
}

/** The `type` of an example delivery's body. */
function eventType(body: string): string {
  const type = (JSON.parse(body) as { type?: unknown }).type;
  return typeof type === "string" ? type : "event";
}

function WebhookSection({ doc, name, webhook }: { doc: Doc; name: string; webhook: WebhookDoc }) {
  const id = webhook.operationId;
  const signed = webhook["x-signed-example"];
  const payload = webhook.requestBody?.content["application/json"];
  const delivery = [
    "POST /your/callback/path HTTP/1.1",
    ...Object.entries(signed.headers).map(([header, value]) => `${header}: ${value}`),
    "",
    signed.body,
  ].join("\n");
  return (
    <section id={id} className="card docs-operation" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        <MethodPath method="post" path="{callback_url}" /> <span className="docs-muted">({name})</span>
      </h3>
      <p>
        <strong>{webhook.summary}.</strong> <InlineMarkdown text={webhook.description} />
      </p>
      <div className="docs-columns">
        <div>
          {webhook.parameters && <Parameters parameters={webhook.parameters} caption="Signature headers" />}
          {payload?.schema && <SchemaFields schema={payload.schema} caption="Payload" />}
          <h4>Your answer</h4>
          <dl className="docs-responses">
            {Object.entries(webhook.responses).map(([status, response]) => (
              <div key={status}>
                <dt>
                  <code>{status === "200" ? "2xx" : status}</code>
                </dt>
                <dd>
                  <InlineMarkdown text={response.description} />
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="docs-examples">
          <h4>Verify the signature</h4>
          {webhook["x-codeSamples"].map((sample) => (
            <CodeBlock key={sample.label} code={sample.source} title={sample.label} label={`Signature check: ${sample.label}`} copy />
          ))}
          <h4>Example delivery</h4>
          <p className="docs-muted">
            Signed with the example secret <code>{exampleSecret(doc)}</code>.
          </p>
          <CodeBlock code={delivery} title={`${eventType(signed.body)}, as sent`} label={`Example ${eventType(signed.body)} delivery: headers and raw body`} />
          {payload?.examples?.completed && (
            <CodeBlock code={json(payload.examples.completed.value)} title="score.completed payload" label="Example score.completed payload" />
          )}
        </div>
      </div>
      <BackToIndex />
    </section>
  );
}

function exampleSecret(doc: Doc): string {
  const registered = doc.paths["/api/v1/installations"].post.responses["201"].content?.["application/json"].examples?.default.value as { webhook_secret?: string };
  return registered.webhook_secret ?? "";
}

export default async function DocsPage() {
  const doc = buildOpenApiDocument() as unknown as Doc;
  const base = await baseUrl();
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));
  const webhooks = Object.entries(doc.webhooks).map(([name, { post }]) => ({ name, webhook: post }));
  return (
    <article className="docs">
      <h1>{doc.info.title}</h1>
      <p className="lead">
        <InlineMarkdown text={doc.info.description} />
      </p>
      <p>
        Version {doc.info.version}. Base URL <code>{base}</code>. Machine-readable: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1,
        generated from the same schemas the server validates with, with every example below).
      </p>
      <p>
        The examples put credentials in shell variables: <code>export API_KEY=ssk_...</code> (from provisioning), <code>SERVICE_SECRET</code> (an
        installation&apos;s <code>secret</code>) or <code>ADMIN_TOKEN</code>.
      </p>
      <nav aria-label="API sections" className="docs-jump">
        <ul>
          <li>
            <a href="#endpoints">Index</a>
          </li>
          {doc.tags.map((tag) => (
            <li key={tag.name}>
              <a href={`#tag-${slug(tag.name)}`}>{tag.name}</a>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label="Endpoints" className="card docs-toc" id="endpoints">
        <h2>Endpoints</h2>
        {doc.tags.map((tag) => (
          <div key={tag.name}>
            <h3>
              <a href={`#tag-${slug(tag.name)}`}>{tag.name}</a>
            </h3>
            <ul>
              {operations
                .filter(({ operation }) => operation.tags.includes(tag.name))
                .map(({ path, method, operation }) => (
                  <li key={operation.operationId}>
                    <a href={`#${operation.operationId}`}>
                      <MethodPath method={method} path={path} />
                    </a>{" "}
                    {operation.summary}
                  </li>
                ))}
              {webhooks
                .filter(({ webhook }) => webhook.tags.includes(tag.name))
                .map(({ name, webhook }) => (
                  <li key={webhook.operationId}>
                    <a href={`#${webhook.operationId}`}>
                      <MethodPath method="post" path="{callback_url}" />
                    </a>{" "}
                    {webhook.summary} ({name})
                  </li>
                ))}
            </ul>
          </div>
        ))}
      </nav>
      {doc.tags.map((tag) => (
        <section key={tag.name} aria-labelledby={`tag-${slug(tag.name)}`}>
          <h2 id={`tag-${slug(tag.name)}`}>{tag.name}</h2>
          {tag.description && (
            <p>
              <InlineMarkdown text={tag.description} />
            </p>
          )}
          {operations
            .filter(({ operation }) => operation.tags.includes(tag.name))
            .map(({ path, method, operation }) => (
              <OperationSection key={operation.operationId} doc={doc} base={base} path={path} method={method} operation={operation} />
            ))}
          {webhooks
            .filter(({ webhook }) => webhook.tags.includes(tag.name))
            .map(({ name, webhook }) => (
              <WebhookSection key={webhook.operationId} doc={doc} name={name} webhook={webhook} />
            ))}
        </section>
      ))}
    </article>
  );
}
