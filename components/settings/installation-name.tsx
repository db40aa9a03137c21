// How an installation is named and its callback URL shown, in the integrations table and its row.
import type { ReactNode } from "react";
import type { Installation } from "./types";

/** A URL that may wrap after its slashes and dots rather than anywhere (a narrow column stays readable). */
export function breakableUrl(url: string): ReactNode[] {
  return url.split(/(?<=[/.?&])/).flatMap((part, index) => (index ? [<wbr key={index} />, part] : [part]));
}

export const installationName = (installation: Pick<Installation, "cloudId" | "source">) => `${installation.cloudId} (${installation.source})`;
