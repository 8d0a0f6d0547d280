/** Shared class names of inspector controls, so every form looks alike. */
export const inputClass =
  "w-full rounded border border-zinc-300 bg-white px-2 py-1 text-sm text-zinc-900 focus-visible:outline-2 focus-visible:outline-blue-500 aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100";
export const labelClass = "mb-0.5 block text-xs font-medium text-zinc-600 dark:text-zinc-400";
export const hintClass = "mt-0.5 text-xs text-zinc-500 dark:text-zinc-400";
export const errorClass = "mt-0.5 text-xs text-red-600 dark:text-red-400";
export const buttonClass =
  "rounded border border-zinc-300 px-2 py-0.5 text-xs hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-500 disabled:opacity-40 dark:border-zinc-700 dark:hover:bg-zinc-800";
export const dangerButtonClass =
  "rounded border border-red-300 px-2 py-0.5 text-xs text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-blue-500 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950";
