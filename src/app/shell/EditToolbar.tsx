// Edit controls in the header: Undo, Redo, Auto layout (being built in the builder UI work).
export function EditToolbar() {
  return null;
}
