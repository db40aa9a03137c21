// Shown while the dashboard's statistics load.
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
