import { useCallback, useEffect, useState } from "react";
import { showToast, Toasts } from "../../components/forms/Toasts";
import { apiError } from "../../lib/api-error";
import { AuthProvider, useAuth } from "../auth/AuthProvider";
import { RequireAdmin } from "../auth/RequireAdmin";
import type { Submission } from "../contact/schema";
import { formatSubmissionDate, orDash } from "./format";

interface Props {
  /** Embed address of the analytics report, if one is configured. */
  dashboardUrl?: string | undefined;
}

const FETCH_FAILED = "Failed to fetch contact submissions";

function fail(error: unknown) {
  showToast("error", "Error", error instanceof Error && error.message ? error.message : FETCH_FAILED);
}

type ListState =
  | { status: "loading" }
  | { status: "error" }
  | { status: "loaded"; items: Submission[]; next: string | null };

function Submissions() {
  const { user } = useAuth();
  const [state, setState] = useState<ListState>({ status: "loading" });
  const [loadingMore, setLoadingMore] = useState(false);

  const fetchPage = useCallback(
    async (cursor: string | null) => {
      if (!user) throw new Error("Not signed in");
      const token = await user.getIdToken();
      const response = await fetch(`/api/contact-submissions${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok || !body) throw new Error(apiError(body)?.message || FETCH_FAILED);
      return body as { submissions: Submission[]; next_cursor: string | null };
    },
    [user],
  );

  useEffect(() => {
    fetchPage(null)
      .then((body) => setState({ status: "loaded", items: body.submissions, next: body.next_cursor }))
      .catch((error: unknown) => {
        setState({ status: "error" });
        fail(error);
      });
  }, [fetchPage]);

  async function loadMore() {
    if (state.status !== "loaded" || !state.next) return;
    setLoadingMore(true);
    try {
      const body = await fetchPage(state.next);
      setState({ status: "loaded", items: [...state.items, ...body.submissions], next: body.next_cursor });
    } catch (error) {
      fail(error);
    } finally {
      setLoadingMore(false);
    }
  }

  if (state.status === "loading") return <p className="py-10 text-muted">Loading...</p>;
  if (state.status === "error") return <p className="py-10 text-muted">Submissions could not be loaded.</p>;
  if (state.items.length === 0) return <p className="py-10 text-muted">No submissions yet</p>;
  return (
    <>
      <section
        className="overflow-x-auto rounded-2xl border border-stone/80 bg-paper"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll the wide table sideways (WCAG 2.1.1)
        tabIndex={0}
        aria-label="Contact submissions (scrolls sideways)"
      >
        <table className="w-full min-w-[56rem] text-left text-sm" data-submissions>
          <caption className="sr-only">Contact submissions, newest first</caption>
          <thead className="bg-sand/60 text-xs tracking-wider text-muted uppercase">
            <tr>
              {["Date", "Name", "Email", "Phone", "Company", "Message"].map((h) => (
                <th key={h} scope="col" className="px-4 py-3 font-semibold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {state.items.map((s) => (
              <tr key={s.id} className="border-t border-stone/70 align-top">
                <td className="px-4 py-3 whitespace-nowrap tabular-nums">{formatSubmissionDate(s.created_at)}</td>
                <td className="max-w-48 px-4 py-3 wrap-anywhere" title={s.name}>
                  {s.name}
                </td>
                <td className="max-w-56 px-4 py-3 wrap-anywhere">
                  <a
                    href={`mailto:${s.email}`}
                    title={s.email}
                    className="text-moss underline-offset-4 hover:underline"
                  >
                    {s.email}
                  </a>
                </td>
                <td className="px-4 py-3 whitespace-nowrap">{orDash(s.phone)}</td>
                <td className="max-w-48 px-4 py-3 wrap-anywhere" title={s.company ?? undefined}>
                  {orDash(s.company)}
                </td>
                <td className="max-w-md px-4 py-3 wrap-anywhere">
                  <p className="line-clamp-3 whitespace-pre-line" title={s.message}>
                    {s.message}
                  </p>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {state.next && (
        <button
          type="button"
          onClick={loadMore}
          disabled={loadingMore}
          className="mt-6 inline-flex min-h-11 items-center rounded-full border border-ink/25 px-6 text-sm font-semibold hover:bg-ink/5 disabled:opacity-60"
        >
          {loadingMore ? "Loading..." : "Load more"}
        </button>
      )}
    </>
  );
}

function Dashboard({ dashboardUrl }: Props) {
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
        <Submissions />
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
