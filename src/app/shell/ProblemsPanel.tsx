// Validation problems of the open document (being built in the builder UI work).
export function ProblemsPanel() {
  return null;
}
