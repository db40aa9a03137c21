// GET /api/v1/openapi.json: the OpenAPI 3.1 reference, generated from the handlers' zod schemas.
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { env } from "@/lib/env";
import { gatewayRoute } from "@/lib/http/route";
import { methodsNotAllowed } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = gatewayRoute(async () =>
  Response.json(buildOpenApiDocument(env().publicBaseUrl), { headers: { "Cache-Control": "public, max-age=300" } }),
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
