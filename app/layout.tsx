import type { Metadata, Viewport } from "next";
import Link from "next/link";
import { MainNavLinks } from "@/components/layout/main-nav";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Story Scoring Service", template: "%s · Story Scoring Service" },
  description: "Score agile stories against INVEST and learn exactly how to make them better.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

// Every page renders per request: its scripts carry the nonce of that request's Content-Security-Policy
// (proxy.ts), which a page prerendered at build time could not.
export const dynamic = "force-dynamic";

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <header className="site-header">
          <nav aria-label="Main" className="container nav">
            <Link href="/" className="brand">
              Story<span>Score</span>
            </Link>
            <MainNavLinks />
          </nav>
        </header>
        <main id="main" className="container">
          {children}
        </main>
        <footer className="site-footer container">
          <p>Story Scoring Service · INVEST scoring for agile teams · self-hosted</p>
        </footer>
      </body>
    </html>
  );
}
