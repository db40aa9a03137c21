"use client";

import { signOut } from "next-auth/react";
import { useState } from "react";
import { useHydrated } from "@/components/use-hydrated";

export function SignOutButton() {
  const [pending, setPending] = useState(false);
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      className="button secondary"
      disabled={pending || !hydrated}
      onClick={() => {
        setPending(true);
        void signOut({ callbackUrl: "/login" });
      }}
    >
      {pending ? "Signing out…" : "Sign out"}
    </button>
  );
}
