export { BacklogError } from "./errors";
export { FORMAT_LABELS, workItemKind, type BacklogFormat } from "./formats";
export { JSON_SHAPES } from "./json";
export { readBacklog, type Backlog, type RowWarning } from "./read-backlog";
