"use client";
// The site's main links, the current one marked (aria-current and an underline): a results page belongs to the
// evaluator, a story page or the settings to the dashboard.
import Link from "next/link";
import { usePathname } from "next/navigation";

const LINKS = [
  { href: "/", label: "Evaluate", owns: (path: string) => path === "/" || path.startsWith("/results") || path.startsWith("/evaluate") },
  { href: "/docs", label: "API", owns: (path: string) => path.startsWith("/docs") },
  { href: "/pricing", label: "Plans", owns: (path: string) => path.startsWith("/pricing") },
  { href: "/dashboard", label: "Dashboard", owns: (path: string) => path.startsWith("/dashboard") || path.startsWith("/login") },
];

export function MainNavLinks() {
  const path = usePathname() ?? "";
  return (
    <ul>
      {LINKS.map(({ href, label, owns }) => (
        <li key={href}>
          <Link href={href} aria-current={owns(path) ? "page" : undefined}>
            {label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
