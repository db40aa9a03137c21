import Link from "next/link";

export default function ResultsNotFound() {
  return (
    <section>
      <h1>Results not found</h1>
      <p className="lead">
        These results do not exist or have expired: uploads and their results are kept for 24 hours.
      </p>
      <p>
        <Link className="button" href="/">
          Score a backlog
        </Link>
      </p>
    </section>
  );
}
