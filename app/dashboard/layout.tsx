// The dashboard's own styles, loaded once for every /dashboard page (and its loading state).
import "@/components/dashboard/dashboard.css";

export default function DashboardLayout({ children }: { children: React.ReactNode }) {
  return children;
}
