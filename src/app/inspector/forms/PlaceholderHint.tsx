// Under a prompt field: which {{ }} placeholders the text uses and which roots are available.
import { placeholdersIn } from "./placeholders";

export function PlaceholderHint({ text, roots }: { text: string; roots: string }) {
  const used = placeholdersIn(text);
  return (
    <>
      {used.length > 0 ? (
        <span>
          Uses{" "}
          {used.map((p, i) => (
            <span key={p}>
              {i > 0 && ", "}
              <code className="rounded bg-zinc-100 px-1 font-mono dark:bg-zinc-800">{`{{ ${p} }}`}</code>
            </span>
          ))}
        </span>
      ) : (
        <span>No placeholders.</span>
      )}{" "}
      <span>Available: {roots}.</span>
    </>
  );
}
