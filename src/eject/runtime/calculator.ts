/** The generated project's calculator (src/calculator.ts): the builtin calculator tool as plain code. */
export const CALCULATOR_SOURCE = `/**
 * Arithmetic for the calculator tool: numbers, + - * / % ^ (power, right-associative), unary
 * minus and parentheses. A small parser rather than \`eval\`, so an expression can only compute.
 */
export function calculate(expression: string): number {
  const text = expression.replace(/\\s+/g, "");
  let at = 0;
  const fail = (what: string): never => {
    throw new Error(\`\${what} at position \${at + 1} of "\${expression}"\`);
  };
  const peek = () => text[at] ?? "";

  function primary(): number {
    if (peek() === "(") {
      at++;
      const value = sum();
      if (peek() !== ")") fail("Expected )");
      at++;
      return value;
    }
    const number = /^(?:\\d+\\.?\\d*|\\.\\d+)(?:e[+-]?\\d+)?/i.exec(text.slice(at));
    if (!number) return fail(peek() ? \`Unexpected "\${peek()}"\` : "Unexpected end");
    at += number[0].length;
    return Number(number[0]);
  }
  function unary(): number {
    if (peek() === "-") {
      at++;
      return -unary();
    }
    if (peek() === "+") {
      at++;
      return unary();
    }
    return power();
  }
  function power(): number {
    const base = primary();
    if (peek() !== "^") return base;
    at++;
    return base ** unary();
  }
  function product(): number {
    let value = unary();
    for (let op = peek(); op === "*" || op === "/" || op === "%"; op = peek()) {
      at++;
      const right = unary();
      value = op === "*" ? value * right : op === "/" ? value / right : value % right;
    }
    return value;
  }
  function sum(): number {
    let value = product();
    for (let op = peek(); op === "+" || op === "-"; op = peek()) {
      at++;
      const right = product();
      value = op === "+" ? value + right : value - right;
    }
    return value;
  }

  if (text === "") throw new Error("The expression is empty");
  const value = sum();
  if (at < text.length) fail(\`Unexpected "\${peek()}"\`);
  return value;
}
`;
