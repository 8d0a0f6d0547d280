// A header menu button (Export, View): the button opens a role="menu" popup under it; arrow keys,
// Home and End move between its items, Escape closes it and hands focus back to the button,
// Tab closes it and moves on, and a pointer press outside closes it.
import { createContext, useContext, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { headerButton } from "./styles";

export const menuItemClass =
  "flex w-full items-center gap-2 px-3 py-1.5 text-left text-sm hover:bg-zinc-100 focus-visible:bg-zinc-100 focus-visible:outline-none dark:hover:bg-zinc-800 dark:focus-visible:bg-zinc-800";

export const menuSeparator = <div role="separator" className="my-1 border-t border-zinc-200 dark:border-zinc-700" />;

interface MenuControls {
  /** Closes the menu; focus returns to its button unless `refocus` is false. */
  close(refocus?: boolean): void;
  /** Unique within the page, for ids the items refer to (hints, group labels). */
  menuId: string;
}

const MenuContext = createContext<MenuControls | null>(null);

/** The controls of the header menu around the calling component. */
export function useHeaderMenu(): MenuControls {
  const controls = useContext(MenuContext);
  if (!controls) throw new Error("useHeaderMenu is called outside a HeaderMenu");
  return controls;
}

interface HeaderMenuProps {
  label: string;
  /** Tailwind width of the popup. */
  widthClass: string;
  /** Which item takes focus when the menu opens; the first by default. */
  initialFocus?: (items: HTMLElement[]) => HTMLElement | undefined;
  /** The items; they reach the menu's controls with useHeaderMenu(). */
  children: ReactNode;
}

export function HeaderMenu({ label, widthClass, initialFocus, children }: HeaderMenuProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    const list = items();
    (initialFocus?.(list) ?? list[0])?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
    // initialFocus is read when the menu opens, not followed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => list[(i + list.length) % list.length]?.focus();
    if (event.key === "ArrowDown") focusAt(index + 1);
    else if (event.key === "ArrowUp") focusAt(index - 1);
    else if (event.key === "Home") focusAt(0);
    else if (event.key === "End") focusAt(list.length - 1);
    else if (event.key === "Escape") close();
    else if (event.key === "Tab") close(false);
    else return;
    if (event.key !== "Tab") event.preventDefault();
  };

  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        className={headerButton}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {label}
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKey}
          className={`absolute right-0 z-50 mt-1 ${widthClass} rounded-md border border-zinc-200 bg-white py-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900`}
        >
          <MenuContext.Provider value={{ close, menuId }}>{children}</MenuContext.Provider>
        </div>
      )}
    </div>
  );
}
