// A copy-paste curl command for an operation of the OpenAPI document: its example parameters and body, and a
// shell variable where the credential goes, so nothing secret is ever printed on the page.

export interface CurlOperation {
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string; example?: unknown }[];
  requestBody?: { content: Record<string, { examples?: Record<string, { value: unknown }> }> };
}

const CREDENTIAL_HEADERS: Record<string, string> = {
  apiKey: '-H "Authorization: Bearer $API_KEY"',
  installationSecret: '-H "X-Service-Secret: $SERVICE_SECRET"',
  adminToken: '-H "Authorization: Bearer $ADMIN_TOKEN"',
};

/** Single-quoted for POSIX shells: nothing inside is expanded; a quote is closed, escaped and reopened. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

function firstExample(media: { examples?: Record<string, { value: unknown }> } | undefined): unknown {
  return media?.examples ? Object.values(media.examples)[0]?.value : undefined;
}

export function curlFor(baseUrl: string, method: string, path: string, operation: CurlOperation): string {
  const parameters = operation.parameters ?? [];
  const resolvedPath = path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const example = parameters.find((parameter) => parameter.in === "path" && parameter.name === name)?.example;
    return example === undefined ? whole : encodeURIComponent(String(example));
  });
  const query = parameters
    .filter((parameter) => parameter.in === "query" && parameter.example !== undefined)
    .map((parameter) => `${encodeURIComponent(parameter.name)}=${encodeURIComponent(String(parameter.example))}`)
    .join("&");
  const url = `${baseUrl}${resolvedPath}${query ? `?${query}` : ""}`;

  const json = operation.requestBody?.content["application/json"];
  const multipart = operation.requestBody?.content["multipart/form-data"];
  const body = firstExample(json);
  const upload = firstExample(multipart) as Record<string, string> | undefined;
  const sendsBody = body !== undefined || upload !== undefined;

  const lines = [`curl ${method === "get" || (method === "post" && sendsBody) ? "" : `-X ${method.toUpperCase()} `}${/[?&]/.test(url) ? shellQuote(url) : url}`];
  for (const requirement of operation.security) for (const scheme of Object.keys(requirement)) if (CREDENTIAL_HEADERS[scheme]) lines.push(CREDENTIAL_HEADERS[scheme]);
  if (body !== undefined) {
    lines.push('-H "Content-Type: application/json"');
    lines.push(`-d ${shellQuote(JSON.stringify(body, null, 2))}`);
  }
  if (upload) for (const [field, file] of Object.entries(upload)) lines.push(`-F ${shellQuote(`${field}=@${file}`)}`);
  return lines.join(" \\\n  ");
}
