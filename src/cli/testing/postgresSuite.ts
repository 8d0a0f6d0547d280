// One real PostgreSQL server for a vitest suite: started before its first test, stopped after
// its last. Without server binaries or GRAPHWRIGHT_TEST_POSTGRES_URL the suite fails with install
// instructions rather than passing unchecked.
import { afterAll, beforeAll } from "vitest";
import { usePostgresServer, type PostgresServer } from "./postgresServer.js";

/** Registers the suite's server; the returned function gives its URL inside a test. */
export function postgresForSuite(): () => string {
  let server: PostgresServer | undefined;
  beforeAll(async () => {
    server = await usePostgresServer();
  }, 60_000);
  afterAll(() => server?.stop());
  return () => {
    if (!server) throw new Error("no PostgreSQL server");
    return server.url;
  };
}
