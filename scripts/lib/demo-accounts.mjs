// The demo accounts every local run seeds into the Auth emulator.
export const demoAccounts = [
  { email: "admin@example.com", password: "admin-demo-123", claims: { admin: true }, label: "admin" },
  { email: "user@example.com", password: "user-demo-123", claims: {}, label: "user (no admin claim)" },
];

export const demoProjectId =
  process.env.FIREBASE_PROJECT_ID ?? process.env.PUBLIC_FIREBASE_PROJECT_ID ?? "demo-aural-acoustics";
export const authEmulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "127.0.0.1:9099";
