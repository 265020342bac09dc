// Grants or revokes the `admin` custom claim for a user, by email.
//   npm run admin:grant -- someone@company.ee            grant
//   npm run admin:grant -- someone@company.ee --revoke   revoke
// Locally (FIREBASE_AUTH_EMULATOR_HOST set, or nothing configured) it talks to the Auth emulator.
// For a real project set FIREBASE_SERVICE_ACCOUNT to the service account JSON (or a path to it).
import { readFileSync } from "node:fs";
import { cert, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { authEmulatorHost, demoProjectId } from "./lib/demo-accounts.mjs";

const args = process.argv.slice(2);
const revoke = args.includes("--revoke");
const email = args.find((a) => !a.startsWith("--"));
if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
  console.error("Usage: npm run admin:grant -- EMAIL [--revoke]");
  process.exit(2);
}

const serviceAccount = process.env.FIREBASE_SERVICE_ACCOUNT?.trim();
let app;
if (serviceAccount) {
  const json = serviceAccount.startsWith("{") ? serviceAccount : readFileSync(serviceAccount, "utf8");
  app = initializeApp({ credential: cert(JSON.parse(json)) });
} else {
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= authEmulatorHost;
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  console.log(`No FIREBASE_SERVICE_ACCOUNT: using the Auth emulator at ${host}`);
  const running = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(3000) }).then(
    () => true,
    () => false,
  );
  if (!running) {
    console.error(
      `The Auth emulator is not running at ${host}. Start the site with \`npm start\` (or \`npm run preview\`) in another terminal and run this again; for a real Firebase project set FIREBASE_SERVICE_ACCOUNT to its service account key file.`,
    );
    process.exit(1);
  }
  app = initializeApp({ projectId: demoProjectId });
}

const auth = getAuth(app);
try {
  const user = await auth.getUserByEmail(email);
  const claims = { ...(user.customClaims ?? {}) };
  if (revoke) delete claims.admin;
  else claims.admin = true;
  await auth.setCustomUserClaims(user.uid, claims);
  // Existing sessions pick the change up on their next token refresh; revoking also signs them out.
  if (revoke) await auth.revokeRefreshTokens(user.uid);
  console.log(`${revoke ? "Revoked" : "Granted"} admin for ${email} (uid ${user.uid}).`);
} catch (error) {
  const code = /** @type {{ code?: string }} */ (error).code;
  if (code === "auth/user-not-found") {
    console.error(`No user with the email ${email}. They must sign up or be created in the Firebase console first.`);
  } else {
    console.error(`Could not update ${email}: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(1);
}
