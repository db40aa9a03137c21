"use client";

import { useCallback, useMemo, useState } from "react";
import { settingsApi } from "./api-client";
import { ApiKeysSection } from "./api-keys";
import { AuditTrail } from "./audit-trail";
import { IntegrationsSection } from "./integrations";
import { RulesSection } from "./rules-section";
import { TrackersSection } from "./trackers-section";

/**
 * The settings of one customer, each section reading and changing it through the JSON API. `customer` is set
 * for a company login (every request names it) and null for a customer login (the API knows its customer).
 */
export function SettingsSections({ customer, dashboardHref = "/dashboard" }: { customer: string | null; dashboardHref?: string }) {
  const api = useMemo(() => settingsApi(customer), [customer]);
  // Every change made here is audited: the trail reads its first page again after each one.
  const [auditVersion, setAuditVersion] = useState(0);
  const changed = useCallback(() => setAuditVersion((version) => version + 1), []);

  return (
    <>
      <ApiKeysSection api={api} onChange={changed} />
      <IntegrationsSection api={api} onChange={changed} />
      <TrackersSection api={api} onChange={changed} dashboardHref={dashboardHref} />
      <RulesSection api={api} onChange={changed} />
      <AuditTrail api={api} version={auditVersion} />
    </>
  );
}
