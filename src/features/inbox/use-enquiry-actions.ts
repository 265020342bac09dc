import { useCallback, useState } from "react";
import { showToast } from "../forms/Toasts";
import { FALLBACK_MESSAGES, type InboxApi } from "./api";
import { useBulkMark } from "./BulkActions";
import type { ChangeResult } from "./EnquiryDialog";
import { fail, fieldsOf } from "./failures";
import type { ItemChange, ListedEnquiry, SentReply } from "./inbox-types";
import type { useEnquiries } from "./use-enquiries";
import type { EnquiryDetailState } from "./use-enquiry-detail";

/**
 * What staff do to enquiries: change one (its status or note), delete one, erase every one from an
 * address, and mark a selection as spam or not. A success updates the list and the open detail, and
 * raises `auditVersion`, since each action writes to the audit log that the page shows.
 */
export function useEnquiryActions(
  api: InboxApi,
  { list, updateItem, removeItem, reload }: ReturnType<typeof useEnquiries>,
  { showUpdated, closeDetail }: Pick<EnquiryDetailState, "showUpdated" | "closeDetail">,
) {
  const [auditVersion, setAuditVersion] = useState(0);
  /** The audit log has a new entry to show. */
  const audited = useCallback(() => setAuditVersion((v) => v + 1), []);

  const change = useCallback(
    async (item: ListedEnquiry, patch: ItemChange): Promise<ChangeResult> => {
      try {
        const updated = await api.update(item.id, patch);
        updateItem(updated, item);
        showUpdated(updated);
        audited();
        return { ok: true, item: updated };
      } catch (error) {
        fail(error, FALLBACK_MESSAGES.update);
        return { ok: false, fields: fieldsOf(error) };
      }
    },
    [api, updateItem, showUpdated, audited],
  );

  const bulk = useBulkMark(list.status === "loaded" ? list.items : [], change);

  async function remove(item: ListedEnquiry): Promise<ChangeResult> {
    try {
      await api.remove(item.id);
    } catch (error) {
      fail(error, FALLBACK_MESSAGES.remove);
      return { ok: false };
    }
    removeItem(item);
    closeDetail();
    audited();
    showToast("success", "Deleted", "The enquiry was deleted permanently");
    return { ok: true };
  }

  /** Sends a reply: the enquiry shows it and is Replied; the toast says whether its mail went or waits. */
  async function reply(item: ListedEnquiry, message: string): Promise<ChangeResult> {
    let sent: SentReply;
    try {
      sent = await api.reply(item.id, message);
    } catch (error) {
      fail(error, FALLBACK_MESSAGES.reply);
      return { ok: false, fields: fieldsOf(error) };
    }
    const { delivery, ...stored } = sent;
    const updated: ListedEnquiry = {
      ...item,
      status: "replied",
      updated_at: stored.at,
      replies: [...item.replies, stored],
    };
    updateItem(updated, item);
    showUpdated(updated);
    audited();
    if (delivery === "sent") showToast("success", "Reply sent", `Mailed to ${item.email}`);
    else showToast("success", "Reply saved", "Reply queued, will be sent when mail is back");
    return { ok: true, item: updated };
  }

  async function erase(email: string) {
    try {
      const erased = await api.erase(email);
      reload();
      audited();
      return { ok: true as const, erased };
    } catch (error) {
      fail(error, FALLBACK_MESSAGES.erase);
      return { ok: false as const, fields: fieldsOf(error) };
    }
  }

  return { change, remove, reply, erase, bulk, auditVersion, audited };
}
