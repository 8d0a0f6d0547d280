/**
 * A fix for Orama 3's word lookup, applied once when the knowledge index loads. Orama's
 * `RadixNode.findAllWords` copies each matching word's documents into a list while checking
 * `list.includes(id)` for every one: quadratic in the documents of a word, so a word found in
 * 20,000 chunks cost hundreds of milliseconds per search. A word is one node of the tree, so its
 * documents are already unique and the check can go. Behaviour is unchanged (oramaRadixFix.test.ts
 * compares it with Orama's own on an index); a lookup with a typo tolerance keeps Orama's code.
 */
import { radix } from "@orama/orama/trees";

type FindAllWords = radix.RadixNode["findAllWords"];

const original: FindAllWords = radix.RadixNode.prototype.findAllWords;
const FIXED = Symbol.for("graphwright.oramaRadixFix");

/** Orama's findAllWords, without the quadratic duplicate check. */
export const findAllWordsFast: FindAllWords = function (this: radix.RadixNode, output, term, exact, tolerance) {
  if (tolerance) return original.call(this, output, term, exact, tolerance);
  const stack: radix.RadixNode[] = [this];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.e) {
      // As Orama's: an exact lookup does not look below a word that is not the term.
      if (exact && node.w !== term) continue;
      output[node.w] = Array.from(node.d);
    }
    if (node.c.size > 0) stack.push(...node.c.values());
  }
  return output;
};

/** Orama's original, for the test that compares both. */
export const findAllWordsOriginal = original;

const prototype = radix.RadixNode.prototype as radix.RadixNode & { [FIXED]?: true };
if (!prototype[FIXED]) {
  prototype.findAllWords = findAllWordsFast;
  prototype[FIXED] = true;
}
