import { describe, expect, it } from "vitest";
import { hasPlaceholders, readPath, renderTemplate, renderValue } from "./template.js";

const context = {
  input: "hello",
  state: { user: { name: "Ada", age: 36, admin: false }, tags: ["a", "b"], count: 3, empty: null },
  results: { lookup: [{ city: "Paris" }, "second"] },
};

describe("renderTemplate", () => {
  it("fills a nested path", () => {
    expect(renderTemplate("Hello {{ state.user.name }}!", context)).toBe("Hello Ada!");
  });

  it("reads array items by index", () => {
    expect(renderTemplate("{{ results.lookup.1 }} / {{ results.lookup.0.city }}", context)).toBe("second / Paris");
  });

  it("renders a missing path as an empty string", () => {
    expect(renderTemplate("[{{ state.nobody.name }}][{{ nothing }}][{{ results.lookup.9 }}]", context)).toBe("[][][]");
  });

  it("renders null as an empty string", () => {
    expect(renderTemplate("[{{ state.empty }}]", context)).toBe("[]");
  });

  it("renders objects and arrays as JSON", () => {
    expect(renderTemplate("{{ state.user }} {{ state.tags }}", context)).toBe('{"name":"Ada","age":36,"admin":false} ["a","b"]');
  });

  it("renders numbers and booleans as text", () => {
    expect(renderTemplate("{{ state.user.age }} {{ state.user.admin }} {{ state.count }}", context)).toBe("36 false 3");
  });

  it("allows any whitespace, or none, inside the braces", () => {
    expect(renderTemplate("{{input}}|{{   input   }}|{{\tinput\n}}", context)).toBe("hello|hello|hello");
  });

  it("fills every occurrence of a placeholder", () => {
    expect(renderTemplate("{{ input }} {{ input }}", context)).toBe("hello hello");
  });

  it("returns text without braces unchanged, as the same string", () => {
    const text = "No placeholders here.";
    expect(renderTemplate(text, context)).toBe(text);
  });

  it("leaves text that only looks like a placeholder as it is", () => {
    expect(renderTemplate("{{ 1bad }} {{ a b }} {{}} { input }", context)).toBe("{{ 1bad }} {{ a b }} {{}} { input }");
  });

  it.each(["{{ state.__proto__ }}", "{{ state.constructor }}", "{{ input.toString }}", "{{ state.user.hasOwnProperty }}", "{{ __proto__ }}"])(
    "renders the prototype path %s as empty",
    (template) => {
      expect(renderTemplate(`[${template}]`, context)).toBe("[]");
    },
  );

  it("renders an inherited property of a class instance as empty", () => {
    class Point {
      get x(): number {
        return 1;
      }
    }
    expect(renderTemplate("[{{ p.x }}]", { p: new Point() })).toBe("[]");
  });
});

describe("renderValue", () => {
  it("keeps the type of a value when the string is a single placeholder", () => {
    expect(renderValue("{{ state.count }}", context)).toBe(3);
    expect(renderValue("{{ state.user.admin }}", context)).toBe(false);
    expect(renderValue("{{ state.tags }}", context)).toEqual(["a", "b"]);
  });

  it("returns undefined, not an empty string, for a single placeholder of a missing path", () => {
    expect(renderValue("{{ state.nobody }}", context)).toBeUndefined();
  });

  it("renders a string with text around the placeholder as text", () => {
    expect(renderValue("n={{ state.count }}", context)).toBe("n=3");
    expect(renderValue("{{ state.count }}{{ state.count }}", context)).toBe("33");
  });

  it("renders strings inside nested arrays and objects", () => {
    const value = { city: "{{ results.lookup.0.city }}", list: ["{{ input }}", ["x {{ state.user.name }}"]], nested: { n: "{{ state.count }}" } };
    expect(renderValue(value, context)).toEqual({ city: "Paris", list: ["hello", ["x Ada"]], nested: { n: 3 } });
  });

  it("returns numbers, booleans and null unchanged", () => {
    expect(renderValue({ a: 1, b: true, c: null }, context)).toEqual({ a: 1, b: true, c: null });
  });

  it("does not change the value it renders", () => {
    const value = { q: "{{ input }}" };
    renderValue(value, context);
    expect(value).toEqual({ q: "{{ input }}" });
  });
});

describe("readPath", () => {
  it("reads own properties through objects and arrays", () => {
    expect(readPath(context, "results.lookup.0.city")).toBe("Paris");
  });

  it.each(["__proto__", "constructor", "toString", "state.__proto__", "state.user.valueOf"])("does not read the inherited property %s", (path) => {
    expect(readPath(context, path)).toBeUndefined();
  });

  it("reads an own __proto__ key of parsed JSON as data", () => {
    const root = JSON.parse('{"__proto__": {"x": 1}}') as unknown;
    expect(readPath(root, "__proto__.x")).toBe(1);
  });

  it("does not read properties of strings and numbers", () => {
    expect(readPath({ s: "abc", n: 5 }, "s.length")).toBeUndefined();
    expect(readPath({ s: "abc", n: 5 }, "s.0")).toBeUndefined();
    expect(readPath({ s: "abc", n: 5 }, "n.toFixed")).toBeUndefined();
  });

  it("reads an array's own length", () => {
    expect(readPath({ items: [1, 2, 3] }, "items.length")).toBe(3);
  });

  it("stops at null", () => {
    expect(readPath({ a: null }, "a.b")).toBeUndefined();
  });
});

describe("hasPlaceholders", () => {
  it("tells templates from plain text, the same way on every call", () => {
    expect(hasPlaceholders("Hi {{ input }}")).toBe(true);
    expect(hasPlaceholders("Hi {{ input }}")).toBe(true);
    expect(hasPlaceholders("Hi { input }")).toBe(false);
  });
});
