/** How header controls report what they did: a short message, announced politely, or as an alert when it failed. */
export type Notify = (message: string, options?: { error?: boolean }) => void;
