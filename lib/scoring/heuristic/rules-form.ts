import type { Finding } from "../types";
import { finding, quote, type RuleInput } from "./finding";
import { NON_PERSON_ROLES } from "./lexicon";
import { tokenize } from "./text";

const NO_FEATURE = /^(?:to\s+)?(?:feel|benefit|be\s+(?:assured|aware|informed|confident|comfortable)|have\s+peace|explore|see\s+(?:technology|online|more))\b/i;

/** QUS "well-formed", "full sentence", "conceptually sound" and the INVEST "valuable" ends. */
export function formFindings({ summary, story }: RuleInput): Finding[] {
  const findings: Finding[] = [];
  const words = tokenize(summary).length;
  if (words < 3) {
    findings.push(finding("full_sentence.too_short", "estimable", "high",
      "The story is a few words, not a sentence; describe who needs what and why."));
    return findings;
  }
  if (!story.roleIndicator) {
    findings.push(finding("well_formed.no_role", "valuable", "medium",
      'No role: start with "As a <type of user>" so the team knows whom the story serves.'));
  } else if (story.role) {
    const roleWords = tokenize(summary, story.role.start, story.role.end);
    const head = roleWords.find((t) => NON_PERSON_ROLES.has(t.lower));
    if (head && roleWords.indexOf(head) <= 1) {
      findings.push(finding("conceptually_sound.role_not_user", "valuable", "medium",
        `The role "${quote(summary, story.role)}" is not a person; name the user who benefits.`,
        { field: "summary", span: story.role }));
    }
  }
  if (!story.meansIndicator && story.roleIndicator) {
    findings.push(finding("well_formed.no_means", "valuable", "medium",
      'No means: say what the user wants ("I want to ...").'));
  }
  if (story.means && NO_FEATURE.test(summary.slice(story.means.start, story.means.end))) {
    const m = NO_FEATURE.exec(summary.slice(story.means.start, story.means.end))!;
    findings.push(finding("conceptually_sound.no_feature", "estimable", "medium",
      `"${m[0]}" expresses a wish, not a feature the team can build; name the capability.`,
      { field: "summary", span: { start: story.means.start, end: story.means.start + m[0].length } }));
  }
  if (!story.ends && words >= 3) {
    findings.push(finding("valuable.no_benefit", "valuable", "medium",
      'No benefit: add "so that <outcome>" to say why the story matters.'));
  }
  return findings;
}
