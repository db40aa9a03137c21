// Shown while the dashboard's statistics load (only for /dashboard itself: the route group keeps it off the story
// pages, whose 404 must be a real 404 status, not a streamed 200).
export default function DashboardLoading() {
  return (
    <div className="dashboard" aria-busy="true">
      <h1>Dashboard</h1>
      <p className="muted" role="status">
        Loading your statistics…
      </p>
      <ul className="cards" role="list" aria-hidden="true">
        {[0, 1, 2, 3].map((index) => (
          <li key={index} className="card skeleton" />
        ))}
      </ul>
      <div className="card skeleton tall" aria-hidden="true" />
    </div>
  );
}
