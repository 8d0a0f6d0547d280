// An ordered, editable list inside a form (Switch cases, Router rules, Set state assignments,
// Question options): each item in its own group with Move up / Move down / Remove, and an Add
// button. Every change is one call to `onChange` with the whole new list: one undo step.
import type { ReactNode } from "react";
import { ItemGroup, Section } from "./Section";
import { buttonClass, dangerButtonClass } from "./styles";

interface OrderedListProps<T> {
  title: string;
  items: readonly T[];
  onChange(items: T[]): void;
  /** The new item Add appends. */
  create(items: readonly T[]): T;
  /** Singular noun for buttons: "case" → "Add case", "Remove case 2". */
  noun: string;
  /** The legend of one item, e.g. `Case refund`. */
  legend(item: T, index: number): string;
  children(item: T, update: (patch: Partial<T>) => void, index: number): ReactNode;
  /** Whether order matters (first match wins); adds Move up / Move down. */
  ordered?: boolean;
  /** Fewest items allowed (Remove is disabled at this count). */
  min?: number;
  empty?: string;
}

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

export function OrderedList<T>({ title, items, onChange, create, noun, legend, children, ordered = false, min = 0, empty }: OrderedListProps<T>) {
  const add = (
    <button type="button" className={buttonClass} onClick={() => onChange([...items, create(items)])}>
      Add {noun}
    </button>
  );
  return (
    <Section title={title} actions={add}>
      {items.length === 0 && empty && <p className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">{empty}</p>}
      {items.map((item, i) => {
        const name = legend(item, i);
        const update = (patch: Partial<T>) => onChange(items.map((it, j) => (j === i ? { ...it, ...patch } : it)));
        return (
          <ItemGroup
            key={i}
            legend={name}
            actions={
              <>
                {ordered && (
                  <>
                    <button
                      type="button"
                      className={buttonClass}
                      aria-label={`Move ${name} up`}
                      disabled={i === 0}
                      onClick={() => onChange(move(items, i, i - 1))}
                    >
                      Up
                    </button>
                    <button
                      type="button"
                      className={buttonClass}
                      aria-label={`Move ${name} down`}
                      disabled={i === items.length - 1}
                      onClick={() => onChange(move(items, i, i + 1))}
                    >
                      Down
                    </button>
                  </>
                )}
                <button
                  type="button"
                  className={dangerButtonClass}
                  aria-label={`Remove ${name}`}
                  disabled={items.length <= min}
                  onClick={() => onChange(items.filter((_, j) => j !== i))}
                >
                  Remove
                </button>
              </>
            }
          >
            {children(item, update, i)}
          </ItemGroup>
        );
      })}
    </Section>
  );
}
