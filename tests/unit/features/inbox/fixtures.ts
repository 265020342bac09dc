import type { ListedEnquiry } from "../../../../src/features/inbox/inbox-types";

/** An enquiry as the admin API answers it; fields can be overridden. */
export function item(overrides: Partial<ListedEnquiry> = {}): ListedEnquiry {
  return {
    kind: "contact",
    language: "en",
    id: "0b7c6a52-3f0e-4c1a-9d3e-2a1b4c5d6e7f",
    created_at: "2025-01-05T12:30:00.000Z",
    updated_at: "2025-01-05T12:30:00.000Z",
    name: "Kärt Tamm",
    email: "kart@example.ee",
    phone: null,
    company: "Acme",
    message: "Line one\nLine two",
    address: null,
    finishes: [],
    status: "new",
    note: null,
    spam: null,
    notified: true,
    replies: [],
    ...overrides,
  };
}

/** The id of the n-th made-up enquiry. */
export const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
