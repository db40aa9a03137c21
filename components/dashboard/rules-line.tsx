import Link from "next/link";
import type { RulesInForce } from "@/lib/rules/settings";
import { RULE_PRESET_LABELS, type RulePreset } from "@/lib/scoring/rules";

const codes = (n: number) => (n === 1 ? "1 code" : `${n.toLocaleString("en-US")} codes`);

/**
 * One line under the dashboard's title: the rules new scores are made with (the preset, and how many codes are
 * changed from it), linking to the settings' Rules section. Scores made before a change keep the rules they ran
 * under, so the line speaks of the rules in force. A company's customers each have their own: grouped by preset.
 */
export function RulesLine({ rules, settingsHref }: { rules: RulesInForce[]; settingsHref: string }) {
  if (rules.length === 0) return null;
  const link = (
    <Link href={`${settingsHref}#rules-heading`} data-testid="rules-line-link">
      Rules settings
    </Link>
  );
  if (rules.length === 1) {
    const [{ preset, changedCodes }] = rules;
    return (
      <p className="muted rules-line" data-testid="rules-line">
        New scores use the <strong>{RULE_PRESET_LABELS[preset]}</strong> rules
        {changedCodes ? `, ${codes(changedCodes)} changed from them` : ", no code changed"} · {link}
      </p>
    );
  }
  const byPreset = new Map<RulePreset, number>();
  for (const { preset } of rules) byPreset.set(preset, (byPreset.get(preset) ?? 0) + 1);
  const changing = rules.filter((r) => r.changedCodes > 0).length;
  const every = rules.length === 2 ? "both" : `all ${rules.length}`;
  const presets = [...byPreset].map(([preset, n]) => `${RULE_PRESET_LABELS[preset]} for ${n === rules.length ? every : n}`).join(", ");
  return (
    <p className="muted rules-line" data-testid="rules-line">
      New scores use each customer’s own rules: {presets}
      {changing ? `; ${changing === 1 ? "1 customer changes" : `${changing} customers change`} codes` : ", no code changed"} · {link}
    </p>
  );
}
