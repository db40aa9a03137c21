import type { Metadata } from "next";
import { SchemaFields } from "@/components/docs/schema-fields";
import { buildOpenApiDocument } from "@/lib/api/openapi";

export const metadata: Metadata = { title: "API reference" };

type Doc = {
  info: { title: string; version: string; description: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, OperationDoc>>;
  components: { securitySchemes: Record<string, { description: string }> };
};
type OperationDoc = {
  tags: string[];
  summary: string;
  description?: string;
  operationId: string;
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string; required: boolean; description: string }[];
  requestBody?: { content: { "application/json": { schema: object } } };
  responses: Record<string, { description: string; content?: { "application/json": { schema: object } }; headers?: Record<string, { description: string }> }>;
};

export default function DocsPage() {
  const doc = buildOpenApiDocument() as unknown as Doc;
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
  return (
    <article className="docs">
      <h1>{doc.info.title}</h1>
      <p className="lead">{doc.info.description}</p>
      <p>
        Version {doc.info.version}. Machine-readable: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1, generated from
        the same schemas the server validates with).
      </p>
      <nav aria-label="Endpoints" className="card docs-toc">
        <h2>Endpoints</h2>
        <ul>
          {operations.map(({ path, method, operation }) => (
            <li key={operation.operationId}>
              <a href={`#${operation.operationId}`}>
                <span className={`method method-${method}`}>{method.toUpperCase()}</span> <code>{path}</code>
              </a>{" "}
              {operation.summary}
            </li>
          ))}
        </ul>
      </nav>
      {doc.tags.map((tag) => (
        <section key={tag.name} aria-labelledby={`tag-${tag.name}`}>
          <h2 id={`tag-${tag.name}`}>{tag.name}</h2>
          {operations
            .filter(({ operation }) => operation.tags.includes(tag.name))
            .map(({ path, method, operation }) => (
              <section key={operation.operationId} id={operation.operationId} className="card docs-operation" aria-labelledby={`${operation.operationId}-title`}>
                <h3 id={`${operation.operationId}-title`}>
                  <span className={`method method-${method}`}>{method.toUpperCase()}</span> <code>{path}</code>
                </h3>
                <p>
                  <strong>{operation.summary}.</strong> {operation.description}
                </p>
                <p className="docs-auth">
                  Authentication:{" "}
                  {operation.security.length === 0
                    ? "none"
                    : operation.security.map((entry) => Object.keys(entry).map((name) => doc.components.securitySchemes[name]?.description ?? name)).join("; ")}
                </p>
                {operation.parameters && operation.parameters.length > 0 && (
                  <ul>
                    {operation.parameters.map((parameter) => (
                      <li key={parameter.name}>
                        <code>{parameter.name}</code> ({parameter.in}
                        {parameter.required ? ", required" : ""}): {parameter.description}
                      </li>
                    ))}
                  </ul>
                )}
                {operation.requestBody && <SchemaFields schema={operation.requestBody.content["application/json"].schema} caption="Request body" />}
                <h4>Responses</h4>
                <dl className="docs-responses">
                  {Object.entries(operation.responses).map(([status, response]) => (
                    <div key={status}>
                      <dt>
                        <code>{status}</code>
                      </dt>
                      <dd>
                        {response.description}
                        {response.headers && (
                          <ul>
                            {Object.entries(response.headers).map(([name, header]) => (
                              <li key={name}>
                                <code>{name}</code>: {header.description}
                              </li>
                            ))}
                          </ul>
                        )}
                        {response.content && status.startsWith("2") && (
                          <details>
                            <summary>Response fields</summary>
                            <SchemaFields schema={response.content["application/json"].schema} caption={`${status} response`} />
                          </details>
                        )}
                      </dd>
                    </div>
                  ))}
                </dl>
              </section>
            ))}
        </section>
      ))}
    </article>
  );
}
