// The probes: GET /api/health (the service and its database) and /api/ping (a constant answer).
import { z } from "zod";
import type { Operation } from "./common";
import { SERVICE_VERSION } from "@/lib/version";

export function healthOperations(): Operation[] {
  return [
    {
      method: "get",
      path: "/api/health",
      tag: "Operations",
      summary: "Health of the service and its database",
      security: "none",
      responses: {
        "200": {
          description: "Healthy.",
          schema: z.object({ status: z.literal("ok"), database: z.literal("ok"), version: z.string() }),
          example: { status: "ok", database: "ok", version: SERVICE_VERSION },
        },
        "503": {
          description: "The database is unavailable.",
          schema: z.object({ status: z.literal("error"), database: z.literal("unavailable"), version: z.string() }),
          example: { status: "error", database: "unavailable", version: SERVICE_VERSION },
        },
      },
    },
    {
      method: "get",
      path: "/api/ping",
      tag: "Operations",
      summary: "Constant answer without touching the database (uptime probes)",
      security: "none",
      responses: { "200": { description: "Always the same.", schema: z.object({ pong: z.literal(true) }), example: { pong: true } } },
    },
    {
      method: "post",
      path: "/api/ping",
      tag: "Operations",
      summary: "The same constant answer for POST (any body is ignored)",
      security: "none",
      responses: { "200": { description: "Always the same.", schema: z.object({ pong: z.literal(true) }), example: { pong: true } } },
    },
  ];
}
