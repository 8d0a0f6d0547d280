/** Class names shared by the header's controls and dialogs. */

export const headerButton =
  "rounded-md px-2 py-1 text-sm font-medium text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-500 disabled:opacity-50 dark:text-zinc-200 dark:hover:bg-zinc-800";

export const primaryButton =
  "rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:opacity-50";

export const secondaryButton =
  "rounded-md border border-zinc-300 px-3 py-1.5 text-sm font-medium text-zinc-700 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:opacity-50 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800";

export const textInput =
  "w-full rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm text-zinc-900 placeholder:text-zinc-400 focus-visible:outline-2 focus-visible:outline-indigo-500 aria-[invalid=true]:border-red-500 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100";

export const fieldLabel = "block text-sm font-medium text-zinc-700 dark:text-zinc-300";

export const fieldHint = "mt-1 text-xs text-zinc-500 dark:text-zinc-400";

export const errorText = "mt-1 text-sm text-red-700 dark:text-red-400";
