// jira2md ships no types (and there is no @types package): the one function this project calls.
declare module "jira2md" {
  const J2M: {
    /** Jira wiki markup to Markdown. */
    to_markdown(text: string): string;
  };
  export default J2M;
}
