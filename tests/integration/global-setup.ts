// Starts the real Firebase Auth emulator (demo project, seeded demo accounts) for integration tests,
// or reuses one that is already running, and stops what it started.
import { startAuthEmulator } from "../../scripts/lib/auth-emulator.mjs";

export default async function setup() {
  const auth = await startAuthEmulator({ log: () => {} });
  return async () => {
    await auth.stop();
  };
}
