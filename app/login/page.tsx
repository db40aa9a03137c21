// /login: dashboard sign-in (email and password of a login created by the admin API or `npm run provision`).
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { safeCallbackPath } from "@/lib/auth/callback-url";
import { currentDashboardUser } from "@/lib/auth/session";
import { SignInForm } from "@/components/dashboard/sign-in-form";
import "@/components/dashboard/dashboard.css";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  // Only a path of this site, read as the browser that follows it reads it (lib/auth/callback-url.ts).
  const callbackUrl = safeCallbackPath(params.callbackUrl);
  if (await currentDashboardUser(await getDb())) redirect(callbackUrl);
  return (
    <section className="signin">
      <h1>Sign in</h1>
      <p className="lead">See how your team&rsquo;s stories score over time and what to improve first.</p>
      {params.error ? (
        <p className="alert error" role="alert">
          Signing in failed. Check the email and the password.
        </p>
      ) : null}
      <SignInForm callbackUrl={callbackUrl} />
      <p className="muted small">
        Logins are created by your administrator (<code>npm run provision -- user …</code>). A fresh installation prints a demo login when it
        starts.
      </p>
    </section>
  );
}
