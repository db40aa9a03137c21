// Short names for finding codes, for places that list many findings at once (the CSV export, the summary
// cards), where each finding's full message would repeat the same sentence row after row.

const LABELS: Record<string, string> = {
  "well_formed.not_a_story": "Not a story",
  "language.not_read": "Wording not checked (language)",
  "well_formed.no_role": "No role",
  "well_formed.no_means": "No “I want”",
  "well_formed.broken_means": "Not a sentence",
  "estimable.unreadable": "Unreadable",
  "valuable.no_benefit": "No benefit",
  "conceptually_sound.role_not_user": "Role is not a user",
  "conceptually_sound.no_feature": "No feature",
  "atomic.two_actions": "Two actions",
  "atomic.several_features": "Several features",
  "atomic.two_objects": "Two things",
  "atomic.two_roles": "Two roles",
  "atomic.two_qualities": "Two qualities",
  "atomic.list_detail": "Detail list",
  "atomic.second_story": "Second story",
  "minimal.brackets": "Brackets",
  "minimal.example": "Examples",
  "minimal.trailing_text": "Note after the story",
  "minimal.leading_text": "Note before the story",
  "minimal.extra_reason": "Second reason",
  "minimal.repeated_indicator": "Repeated keyword",
  "minimal.punctuation": "Punctuation",
  "minimal.concession": "Concession",
  "unambiguous.vague_term": "Vague term",
  "unambiguous.general_term": "General term",
  "unambiguous.loophole": "Loophole",
  "unambiguous.placeholder": "Placeholder",
  "estimable.no_detail": "No description",
  "estimable.open_ended": "Open-ended research",
  "estimable.broad_goal": "Broad goal",
  "problem_oriented.solution_term": "Solution term",
  "problem_oriented.build_task": "Build task",
  "negotiable.implementation_detail": "Implementation detail",
  "independent.ticket_reference": "Ticket reference",
  "independent.dependency": "Dependency",
  "independent.linked_dependency": "Linked dependency",
  "unique.duplicate": "Duplicate",
  "unique.near_duplicate": "Near duplicate",
  "uniform.template": "Off the batch's template",
  "uniform.repeated_indicator": "Template keyword repeated",
  "testable.no_acceptance_criteria": "No acceptance criteria",
  "testable.unverifiable_criteria": "Unverifiable criteria",
  "testable.vague_criterion": "Vague criterion",
  "small.many_criteria": "Many criteria",
  "small.long_text": "Long text",
  "small.long_summary": "Long summary",
};

/** "Vague term" for `unambiguous.vague_term`; a code no label names (another engine's) is read as words. */
export function findingLabel(code: string): string {
  const known = LABELS[code];
  if (known) return known;
  const words = (code.split(".").pop() ?? code).replace(/[_-]+/g, " ").trim();
  return words ? words[0].toUpperCase() + words.slice(1) : code;
}
