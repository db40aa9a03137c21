import packageJson from "@/package.json";

/** The service version reported in metadata.service_version and /api/health. */
export const SERVICE_VERSION: string = packageJson.version;
