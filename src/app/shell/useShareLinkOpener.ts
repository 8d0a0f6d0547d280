// A share link pasted into the address bar of an open tab changes only the URL's fragment: the
// page does not load again, so the link is imported here, on `hashchange`, like a fresh open.
import { useEffect } from "react";
import { isShareFragment } from "../io/shareLink";
import type { GraphSession } from "../services/graphSession";
import type { ImportFailure } from "../services/importGraphText";

/** Imports every `#graph=…` fragment the tab navigates to (validated, never run) and reports it. */
export function useShareLinkOpener(session: GraphSession, report: { notice(message: string): void; failure(failure: ImportFailure): void }): void {
  const { notice, failure } = report;
  useEffect(() => {
    const onHashChange = () => {
      const fragment = window.location.hash;
      if (!isShareFragment(fragment)) return;
      // Opened once: a reload or Back must not import it again.
      history.replaceState(history.state, "", window.location.pathname + window.location.search);
      void session.openShareLink(fragment).then((outcome) => (outcome.importFailure ? failure(outcome.importFailure) : notice(outcome.notice)));
    };
    window.addEventListener("hashchange", onHashChange);
    return () => window.removeEventListener("hashchange", onHashChange);
  }, [session, notice, failure]);
}
