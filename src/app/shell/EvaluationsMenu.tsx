// Evaluations: a menu of Datasets (the graph's cases to evaluate it on, a dialog) and Evaluate.
// Kept in a menu so the header fits one row at 1280 px.
import { HeaderMenu, menuItemClass, useHeaderMenu } from "./HeaderMenu";
import { useShellStore, type DialogName } from "./shellStore";

const ITEMS: readonly { label: string; dialog: DialogName }[] = [
  { label: "Evaluate", dialog: "evaluate" },
  { label: "Datasets", dialog: "datasets" },
];

export function EvaluationsMenu() {
  return (
    <HeaderMenu label="Evaluations" widthClass="w-44">
      <EvaluationItems />
    </HeaderMenu>
  );
}

function EvaluationItems() {
  const shell = useShellStore();
  const { close } = useHeaderMenu();
  return (
    <>
      {ITEMS.map(({ label, dialog }) => (
        <button
          key={dialog}
          type="button"
          role="menuitem"
          tabIndex={-1}
          aria-haspopup="dialog"
          onClick={() => {
            close(false);
            shell.getState().openDialog(dialog);
          }}
          className={menuItemClass}
        >
          {label}
        </button>
      ))}
    </>
  );
}
