import { Evaluator } from "@/components/evaluator/evaluator";

export default function HomePage() {
  return (
    <>
      <section className="hero">
        <h1>Score your user stories against INVEST</h1>
        <p className="lead">
          Upload your backlog and see, story by story, how independent, negotiable, valuable, estimable, small and
          testable it is, with the exact words to fix.
        </p>
      </section>
      <Evaluator />
      <section aria-labelledby="how-heading" className="how">
        <h2 id="how-heading">How it works</h2>
        <ol className="steps">
          <li>
            <strong>Upload</strong> your tracker&rsquo;s export as it comes: a Jira CSV (all or current fields) or JSON
            search result, an Azure DevOps CSV, a Linear CSV, a GitHub issue list (<code>gh issue list --json
            number,title,body,labels</code>), any CSV with a header row (comma, semicolon or tab separated, UTF-8), a JSON
            list of tickets, or a text file with one story per line.
          </li>
          <li>
            <strong>Check</strong> which column holds the summary, description, acceptance criteria, key and type. Wiki
            markup, HTML and Markdown are read as plain text, and an &ldquo;Acceptance criteria&rdquo; section of a description
            counts as the criteria when the ticket has none of its own.
          </li>
          <li>
            <strong>Score</strong> the whole backlog at once: duplicates and stories that break the team’s template are
            found too. Share the results link or download them as CSV.
          </li>
        </ol>
        <p className="muted small">
          No sign-up. Each address may upload 10 files and score 5 times an hour. Files and results are deleted after
          24 hours.
        </p>
      </section>
    </>
  );
}
