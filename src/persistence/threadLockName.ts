/**
 * The Web Lock name of a thread, shared by the worker (which holds it while a run of the
 * thread is going) and the main thread (which waits for it after killing a stuck worker).
 */
export function threadLockName(threadId: string): string {
  return `graphwright:thread:${threadId}`;
}
