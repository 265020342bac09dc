import { AuthProvider } from "../auth/AuthProvider";
import { RequireAdmin } from "../auth/RequireAdmin";
import { Toasts } from "../forms/Toasts";
import { Inbox } from "./Inbox";
import type { SavedReply } from "./saved-replies";

interface Props {
  /** Embed address of the analytics report, if one is configured. */
  dashboardUrl?: string | undefined;
  /** The saved replies staff can start a reply from, in every language (content/inbox/). */
  savedReplies?: readonly SavedReply[] | undefined;
}

function Dashboard({ dashboardUrl, savedReplies }: Props) {
  return (
    <div className="space-y-12">
      <section aria-labelledby="analytics-heading">
        <h2 id="analytics-heading" className="text-2xl font-medium">
          Analytics
        </h2>
        {dashboardUrl ? (
          // Such reports run their own scripts on their own origin; nothing else is allowed.
          <iframe
            src={dashboardUrl}
            title="Website analytics report"
            sandbox="allow-scripts allow-same-origin"
            referrerPolicy="strict-origin-when-cross-origin"
            loading="lazy"
            className="mt-4 aspect-[16/10] w-full rounded-2xl border border-stone/80 bg-paper"
          />
        ) : (
          <p className="mt-4 rounded-2xl border border-dashed border-stone p-6 text-muted">
            No analytics report is configured. Set PUBLIC_ANALYTICS_DASHBOARD_URL to the report's embed address.
          </p>
        )}
      </section>
      <section aria-labelledby="submissions-heading">
        <h2 id="submissions-heading" className="mb-4 text-2xl font-medium">
          Contact submissions
        </h2>
        <Inbox savedReplies={savedReplies} />
      </section>
    </div>
  );
}

export default function AdminDashboard(props: Props) {
  return (
    <AuthProvider>
      <RequireAdmin>
        <Dashboard {...props} />
      </RequireAdmin>
      <Toasts />
    </AuthProvider>
  );
}
