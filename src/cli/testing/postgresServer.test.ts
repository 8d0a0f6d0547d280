import { describe, expect, it } from "vitest";
import { POSTGRES_URL_VARIABLE, usePostgresServer } from "./postgresServer.js";

describe("usePostgresServer", () => {
  it("uses the server named by GRAPHWRIGHT_TEST_POSTGRES_URL", async () => {
    const server = await usePostgresServer({ env: { [POSTGRES_URL_VARIABLE]: "postgres://u:p@127.0.0.1:5432/db" } });
    expect(server.url).toBe("postgres://u:p@127.0.0.1:5432/db");
  });

  it("fails with install instructions when no PostgreSQL binaries are installed", async () => {
    await expect(usePostgresServer({ env: { PATH: "/nonexistent" }, roots: ["/nonexistent/postgresql"] })).rejects.toThrow(
      /initdb, pg_ctl\) were not found.*apt-get install postgresql.*GRAPHWRIGHT_TEST_POSTGRES_URL/,
    );
  });
});
