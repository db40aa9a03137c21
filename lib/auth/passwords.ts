import bcrypt from "bcryptjs";

const COST = 10;
// A real hash of a random string: verifying against it costs what a real check costs, so an
// unknown email takes as long to refuse as a wrong password.
const DUMMY_HASH = "$2b$10$CwTycUXWue0Thq9StjUM0uJ8.9yXGlQbWf0xZWBFkFJPlkq9nEjVe";

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

/** Verify a password; pass `null` for an unknown user to spend the same time and return false. */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  const ok = await bcrypt.compare(password, hash ?? DUMMY_HASH);
  return hash !== null && ok;
}
