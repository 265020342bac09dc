/** The score from which an enquiry is filed as spam; the admin page states it beside the reasons. */
export const SPAM_THRESHOLD = 5;
