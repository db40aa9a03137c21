"use client";

import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { useHydrated } from "@/components/use-hydrated";

/** Email and password form posting to next-auth's Credentials provider. */
export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // Until the script runs, the button stays disabled: a native submit would bypass next-auth's CSRF check.
  const hydrated = useHydrated();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    try {
      const result = await signIn("credentials", {
        email: String(form.get("email") ?? ""),
        password: String(form.get("password") ?? ""),
        redirect: false,
        callbackUrl,
      });
      if (!result || result.error) {
        setError(
          result?.error === "too_many_attempts"
            ? "Too many sign-in attempts from here or for this email. Wait 15 minutes, then try again."
            : "The email or the password is not correct.",
        );
        setPending(false);
        return;
      }
      // A full page load: the router may hold a prefetch of the page from before signing in (a redirect to here).
      window.location.assign(callbackUrl);
    } catch {
      setError("Signing in failed. Check your connection and try again.");
      setPending(false);
    }
  }

  return (
    <form className="signin-form card" method="post" onSubmit={onSubmit}>
      <div className="field">
        <label htmlFor="email">Email</label>
        <input id="email" name="email" type="email" autoComplete="username" required autoFocus />
      </div>
      <div className="field">
        <label htmlFor="password">Password</label>
        <input id="password" name="password" type="password" autoComplete="current-password" required />
      </div>
      <div aria-live="assertive">
        {error ? (
          <p className="alert error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <button className="button" type="submit" disabled={pending || !hydrated}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
