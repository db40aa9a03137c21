export default function HomePage() {
  return (
    <section>
      <h1>Score your user stories against INVEST</h1>
      <p className="lead">
        Story Scoring Service checks every story for independence, negotiability, value, estimability, size and
        testability, and tells you exactly what to fix.
      </p>
    </section>
  );
}
