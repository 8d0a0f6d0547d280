import { describe, expect, it } from "vitest";
import { IdentifierScope, toIdentifier } from "./identifiers.js";

describe("identifiers from document names", () => {
  it("joins the words of a name in camelCase, or PascalCase when asked", () => {
    expect(toIdentifier("get_weather")).toBe("getWeather");
    expect(toIdentifier("Policy agent")).toBe("policyAgent");
    expect(toIdentifier("MainAgent")).toBe("mainAgent");
    expect(toIdentifier("main agent", "pascal")).toBe("MainAgent");
  });

  it("prefixes a name that starts with a digit", () => {
    expect(toIdentifier("2nd pass")).toBe("_2ndPass");
    expect(toIdentifier("42")).toBe("_42");
  });

  it("never returns a reserved word", () => {
    expect(toIdentifier("class")).toBe("class_");
    expect(toIdentifier("Delete")).toBe("delete_");
    expect(toIdentifier("await")).toBe("await_");
    expect(toIdentifier("constructor")).toBe("constructor_");
  });

  it("keeps letters of any script and drops what no identifier may hold", () => {
    expect(toIdentifier("météo du jour")).toBe("météoDuJour");
    expect(toIdentifier("天气 查询")).toBe("天气查询");
    expect(toIdentifier("🔥 hot-takes!")).toBe("hotTakes");
    expect(toIdentifier("***")).toBe("unnamed");
    for (const name of ["météo du jour", "天气 查询", "🔥 hot-takes!", "2nd", "class"]) {
      expect(() => new Function(`const ${toIdentifier(name)} = 1;`)).not.toThrow();
    }
  });

  it("gives names that collide after conversion numbered suffixes, in the order they were taken", () => {
    const scope = new IdentifierScope(["graph"]);
    expect(scope.take("a", "get weather")).toBe("getWeather");
    expect(scope.take("b", "get_weather")).toBe("getWeather2");
    expect(scope.take("c", "Get-Weather")).toBe("getWeather3");
    expect(scope.take("d", "graph")).toBe("graph2");
    expect(scope.take("a", "anything")).toBe("getWeather");
  });

  it("keeps derived names clear of names taken before", () => {
    const scope = new IdentifierScope();
    expect(scope.take("tool", "assistant tools")).toBe("assistantTools");
    expect(scope.take("agent:tools", "Assistant", "camel", "Tools")).toBe("assistantTools2");
  });
});
