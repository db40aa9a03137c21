// ANY /api/v1/<unknown>: 404 in the gateway error shape, not Next's HTML page.
import { unknownPath } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = unknownPath();
